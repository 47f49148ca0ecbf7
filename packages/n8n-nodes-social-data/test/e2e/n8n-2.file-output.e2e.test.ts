import { fileOutputSuite } from './file-output.suite';

fileOutputSuite(2);
