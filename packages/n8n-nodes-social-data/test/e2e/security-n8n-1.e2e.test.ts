import { securitySuite } from './security-suite';

securitySuite(1);
