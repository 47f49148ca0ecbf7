import { n8nSuite } from './node.suite';
import { triggerSuite } from './trigger.suite';

n8nSuite(2);
triggerSuite(2);
