import { securitySuite } from './security-suite';

securitySuite(2);
