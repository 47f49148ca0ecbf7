import { parseArgs } from 'node:util';
import { DEFAULT_OUTPUT_BUDGET, MIN_OUTPUT_BUDGET, normalizeCount } from '@social-data/core';

export const DEFAULT_PORT = 3333;
export const DEFAULT_HOST = '127.0.0.1';

export const USAGE = `Usage: social-data-mcp [--http] [--host 127.0.0.1] [--port ${DEFAULT_PORT}] [--budget ${DEFAULT_OUTPUT_BUDGET}] [--verbose]

An MCP server with one tool per endpoint of the Social Data Retrieval API.
  (default)      speaks MCP over stdio, for Claude Desktop, Cursor and other local clients
  --http         serves Streamable HTTP at http://<host>:<port>/mcp (n8n's MCP Client Tool)
  --host         address to bind with --http (default ${DEFAULT_HOST}; others expose your key)
  --port         port for --http (default ${DEFAULT_PORT}; 0 picks a free one)
  --budget       characters one tool output may hold (default ${DEFAULT_OUTPUT_BUDGET}, at least ${MIN_OUTPUT_BUDGET})
  --verbose      one line per API request on stderr (secrets removed)

Settings come from the environment: SOCIAL_DATA_API_KEY, SOCIAL_DATA_BASE_URL, and for
own-session tools SOCIAL_DATA_COOKIE and SOCIAL_DATA_PROXY. SOCIAL_DATA_MCP_TRANSPORT=http,
SOCIAL_DATA_MCP_HOST, SOCIAL_DATA_MCP_PORT and SOCIAL_DATA_MCP_BUDGET stand for the flags.`;

export interface CliOptions {
  http: boolean;
  host: string;
  port: number;
  budget: number;
  verbose: boolean;
  help: boolean;
  version: boolean;
}

/** Flags first, then the environment; a bad value throws a ValidationError naming the flag. */
export function readOptions(argv: string[], env: Record<string, string | undefined>): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      http: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      budget: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
    strict: true,
  });
  const transport = env.SOCIAL_DATA_MCP_TRANSPORT?.trim().toLowerCase();
  return {
    http: values.http ?? transport === 'http',
    host: values.host ?? env.SOCIAL_DATA_MCP_HOST ?? DEFAULT_HOST,
    port: normalizeCount(
      values.port ?? env.SOCIAL_DATA_MCP_PORT ?? DEFAULT_PORT,
      { min: 0, max: 65535 },
      '--port',
    ),
    budget: normalizeCount(
      values.budget ?? env.SOCIAL_DATA_MCP_BUDGET ?? DEFAULT_OUTPUT_BUDGET,
      { min: MIN_OUTPUT_BUDGET, default: DEFAULT_OUTPUT_BUDGET },
      '--budget',
    ),
    verbose: values.verbose ?? ['1', 'true'].includes(env.SOCIAL_DATA_MCP_VERBOSE ?? ''),
    help: values.help ?? false,
    version: values.version ?? false,
  };
}
