import { noLossSuite } from './no-loss.suite';
import { n8nSuite } from './node.suite';
import { triggerSuite } from './trigger.suite';

n8nSuite(1);
triggerSuite(1);
noLossSuite(1);
