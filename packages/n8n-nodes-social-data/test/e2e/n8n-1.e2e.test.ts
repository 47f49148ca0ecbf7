import { n8nSuite } from './suite';

n8nSuite(1);
