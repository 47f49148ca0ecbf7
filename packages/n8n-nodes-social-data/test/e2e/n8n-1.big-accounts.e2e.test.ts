import { bigAccountsSuite } from './big-accounts.suite';

bigAccountsSuite(1);
