import { credentialTestSuite } from './credential-test.suite';
import { securitySuite } from './security.suite';
import { survivalSuite } from './survival.suite';

securitySuite(2);
survivalSuite(2);
credentialTestSuite(2);
