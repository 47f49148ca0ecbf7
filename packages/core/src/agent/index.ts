export { agentArgName, agentToolDescription, agentToolName, agentTools } from './tools';
export type { AgentTool, JsonSchema, ToolHost } from './tools';
export { runAgentTool } from './run';
export type { AgentCallOptions } from './run';
export { agentError, agentErrorOutput } from './output';
export type { AgentOutput } from './output';
export { DEFAULT_OUTPUT_BUDGET, MAX_AGENT_LIMIT, MIN_OUTPUT_BUDGET, approximateTokens } from './budget';
