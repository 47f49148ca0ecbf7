import { securitySuite } from './security.suite';
import { survivalSuite } from './survival.suite';

securitySuite(2);
survivalSuite(2);
