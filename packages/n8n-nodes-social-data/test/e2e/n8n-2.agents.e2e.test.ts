import { agentsSuite } from './agents.suite';

agentsSuite(2);
