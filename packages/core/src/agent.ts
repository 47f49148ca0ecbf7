/** `@social-data/core/agent` — one tool per endpoint for AI agents, their schemas and their runs. */
export * from './agent/index';
