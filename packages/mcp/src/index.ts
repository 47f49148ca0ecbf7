export { createMcpServer } from './server';
export type { ServerOptions } from './server';
export { startHttp } from './http';
export type { HttpOptions, RunningHttp } from './http';
export { clientFromEnv, SETTINGS_TEXT } from './settings';
export type { ClientOrFailure } from './settings';
export { readOptions, DEFAULT_HOST, DEFAULT_PORT } from './options';
export type { CliOptions } from './options';
