export { N8N_LINES, isN8nLine } from './lines';
export type { N8nLine } from './lines';
export { ensureN8n, ensureN8nInBackground, ensureNode, n8nInstalled } from './install';
export { ensureTools } from './tools';
export { LocalRegistry, REGISTRY_TOOLS } from './local-registry';
export type { ToolSet } from './tools';
export type { Log, Runtime } from './install';
export { n8nEnvironment, runnerBrokerEnvironment } from './environment';
export { createUserFolder, installPackage } from './user-folder';
export { parseRawOutput, runN8n } from './run-command';
export type { CliResult } from './run-command';
export { waitForReadiness } from './server-process';
export type { N8nProcess } from './server-process';
export { Execution, describeExecution, describeExecutions, emittedIds } from './execution';
export type { Item, StoredExecution } from './execution';
export {
  connections,
  manualTrigger,
  node,
  postItems,
  socialDataNode,
  socialDataTrigger,
  workflow,
} from './workflow';
export type { CredentialRef, NodeCredentials, Position } from './workflow';
export { Receiver } from './receiver';
export type { Received } from './receiver';
export { postgresEnvironment, postgresExecutions } from './postgres';
export type { PostgresConnection } from './postgres';
export { N8nInstance } from './instance';
export type { InstanceOptions, Owner } from './instance';
export { freePort, startOnFreePorts } from './ports';
export { CACHE_DIR, NODE_PACKAGE_DIR, REPO_ROOT } from './paths';
export { watchPeakRss } from './peak-rss';
export { storedPath } from './stored-binary';
export type { StoredBinary } from './stored-binary';
export { writeReport } from './reports';
export type { Figures } from './reports';
export { ScriptedModel, toolResultsOf } from './scripted-model';
export type { ChatMessage, ChatRequest, ModelAnswer, ModelScript, ToolResult } from './scripted-model';
