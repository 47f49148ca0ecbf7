import { credentialTestSuite } from './credential-test.suite';
import { securitySuite } from './security.suite';
import { survivalSuite } from './survival.suite';

securitySuite(1);
survivalSuite(1);
credentialTestSuite(1);
