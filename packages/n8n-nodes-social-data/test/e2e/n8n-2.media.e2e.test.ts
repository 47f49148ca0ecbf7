import { mediaSuite } from './media.suite';

mediaSuite(2);
