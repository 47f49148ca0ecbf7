import { credentialTestSuite } from './credential-test-suite';
import { noLossSuite } from './no-loss-suite';
import { n8nSuite } from './suite';
import { triggerSuite } from './trigger-suite';

n8nSuite(1);
triggerSuite(1);
noLossSuite(1);
credentialTestSuite(1);
