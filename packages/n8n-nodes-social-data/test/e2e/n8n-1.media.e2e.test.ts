import { mediaSuite } from './media.suite';

mediaSuite(1);
