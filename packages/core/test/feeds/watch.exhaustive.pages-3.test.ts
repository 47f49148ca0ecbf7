import { checkEveryHistory } from './exhaustive/walk';

// The position-feed promise on every history up to the bound, at page size 3 (see exhaustive/walk.ts).
checkEveryHistory(3);
