import { credentialTestSuite } from './credential-test-suite';
import { n8nSuite } from './suite';
import { triggerSuite } from './trigger-suite';

n8nSuite(2);
triggerSuite(2);
credentialTestSuite(2);
