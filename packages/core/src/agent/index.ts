export { agentArgName, agentInputSchema, agentToolDescription, agentToolName, agentTools } from './tools';
export type { AgentTool, JsonSchema, ToolHost } from './tools';
export { agentOutputSchema } from './output-schema';
export { runAgentTool } from './run';
export type { AgentCallOptions } from './run';
export { agentErrorOutput } from './output';
export type { AgentOutput } from './output';
export {
  DEFAULT_AGENT_LIMIT,
  DEFAULT_OUTPUT_BUDGET,
  MAX_AGENT_LIMIT,
  MIN_OUTPUT_BUDGET,
  approximateTokens,
} from './budget';
export { MODEL_FIELDS, MODEL_TEXT_LIMIT, modelViewOf } from './view';
