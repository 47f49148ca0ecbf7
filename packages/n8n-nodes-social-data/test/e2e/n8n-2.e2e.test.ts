import { n8nSuite } from './suite';
import { triggerSuite } from './trigger-suite';

n8nSuite(2);
triggerSuite(2);
