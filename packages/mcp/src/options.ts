import { parseArgs } from 'node:util';
import {
  DEFAULT_TIMEOUT_MS,
  ValidationError,
  booleanOf,
  endpointSpec,
  normalizeCount,
} from '@social-data/core';
import { DEFAULT_OUTPUT_BUDGET, MIN_OUTPUT_BUDGET, agentArgName, agentTools } from '@social-data/core/agent';

const ALL_TOOLS = agentTools();
const TOOL_COUNT = ALL_TOOLS.length;
/** A tool's group: what it is about, the catalog's resource in the tools' own snake case (`muted_account`). */
const groupOf = (tool: (typeof ALL_TOOLS)[number]) => agentArgName(endpointSpec(tool.id).resource);
const TOOL_GROUPS: string[] = [...new Set(ALL_TOOLS.map(groupOf))];
/** A group as a user may write it: any case, dashes or underscores, singular or plural (`Muted-Accounts`). */
const groupKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[-_\s]/g, '')
    .replace(/ies$/, 'y')
    .replace(/s$/, '');

/**
 * The tools a `--tools` list picks (issue 42: fewer tools, chosen by the user, are easier for a
 * model to choose from): names and groups, any order; empty is all. An unknown entry is refused,
 * naming it and what exists.
 */
function selectTools(list: string | undefined, name: string): string[] {
  const wanted = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (wanted.length === 0) return ALL_TOOLS.map((tool) => tool.name);
  const groups = new Set(wanted.map(groupKey));
  for (const entry of wanted)
    if (
      !TOOL_GROUPS.some((group) => groupKey(group) === groupKey(entry)) &&
      !ALL_TOOLS.some((tool) => tool.name === entry)
    )
      throw new ValidationError(
        `${name}: "${entry}" is neither a tool nor a group. Use groups (${TOOL_GROUPS.join(', ')}) or tool names such as ${ALL_TOOLS[0]!.name}.`,
        { field: name, hint: `Correct ${name} and start the server again.` },
      );
  return ALL_TOOLS.filter((tool) => wanted.includes(tool.name) || groups.has(groupKey(groupOf(tool)))).map(
    (tool) => tool.name,
  );
}

/** The longest --timeout, in seconds: a model's tool call waits on every request of it. */
const MAX_TIMEOUT_S = 120;

export const DEFAULT_PORT = 3333;
export const DEFAULT_HOST = '127.0.0.1';

export const USAGE = `Usage: social-data-mcp [--http] [--host 127.0.0.1] [--port ${DEFAULT_PORT}] [--budget ${DEFAULT_OUTPUT_BUDGET}] [--timeout ${DEFAULT_TIMEOUT_MS / 1000}] [--tools user,tweet,...] [--verbose]

An MCP server with one tool per endpoint of the Social Data Retrieval API.
  (default)      speaks MCP over stdio, for Claude Desktop, Cursor and other local clients
  --http         serves Streamable HTTP at http://<host>:<port>/mcp (n8n's MCP Client Tool)
  --host         address to bind with --http (default ${DEFAULT_HOST}; others expose your key)
  --port         port for --http (default ${DEFAULT_PORT}; 0 picks a free one)
  --budget       characters a model reads of one tool result: its text and its structured copy
                 together, as hosts pass both (default ${DEFAULT_OUTPUT_BUDGET}, at least ${MIN_OUTPUT_BUDGET})
  --timeout      seconds one API request may take (default ${DEFAULT_TIMEOUT_MS / 1000}, at most ${MAX_TIMEOUT_S})
  --tools        the tools to offer, comma-separated: tool names (get_user_followers) or groups
                 (${TOOL_GROUPS.join(', ')}); default all ${TOOL_COUNT}
  --verbose      one line per API request, and per wait before a retry, on stderr (secrets removed)

Settings come from the environment: SOCIAL_DATA_API_KEY, SOCIAL_DATA_BASE_URL, and for
own-session tools SOCIAL_DATA_COOKIE and SOCIAL_DATA_PROXY. SOCIAL_DATA_MCP_TRANSPORT=http,
SOCIAL_DATA_MCP_HOST, SOCIAL_DATA_MCP_PORT, SOCIAL_DATA_MCP_BUDGET, SOCIAL_DATA_MCP_TIMEOUT,
SOCIAL_DATA_MCP_TOOLS and SOCIAL_DATA_MCP_VERBOSE=true stand for the flags.`;

export interface CliOptions {
  http: boolean;
  host: string;
  port: number;
  budget: number;
  /** The tools offered, by name, in catalog order. */
  tools: string[];
  /** What one API request may take; core's default when not set. */
  timeoutMs: number | undefined;
  verbose: boolean;
  help: boolean;
  version: boolean;
}

/** Seconds from the flag or the variable, as core's per-request limit. */
function timeoutOf(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return (
    normalizeCount(value, { min: 1, max: MAX_TIMEOUT_S, default: DEFAULT_TIMEOUT_MS / 1000 }, name) * 1000
  );
}

/** Flags first, then the environment; a bad value throws a ValidationError naming the flag or variable given. */
export function readOptions(argv: string[], env: Record<string, string | undefined>): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      http: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      budget: { type: 'string' },
      tools: { type: 'string' },
      timeout: { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
    strict: true,
  });
  const transport = env.SOCIAL_DATA_MCP_TRANSPORT?.trim().toLowerCase();
  // A bad value is named as the user gave it: the flag, or else the variable.
  const given = (flag: 'port' | 'budget' | 'tools' | 'timeout', variable: string) =>
    values[flag] !== undefined
      ? { value: values[flag], name: `--${flag}` }
      : { value: env[variable], name: variable };
  const port = given('port', 'SOCIAL_DATA_MCP_PORT');
  const budget = given('budget', 'SOCIAL_DATA_MCP_BUDGET');
  const tools = given('tools', 'SOCIAL_DATA_MCP_TOOLS');
  const timeout = given('timeout', 'SOCIAL_DATA_MCP_TIMEOUT');
  return {
    http: values.http ?? transport === 'http',
    host: values.host ?? env.SOCIAL_DATA_MCP_HOST ?? DEFAULT_HOST,
    port: normalizeCount(port.value ?? DEFAULT_PORT, { min: 0, max: 65535 }, port.name),
    budget: normalizeCount(
      budget.value ?? DEFAULT_OUTPUT_BUDGET,
      { min: MIN_OUTPUT_BUDGET, default: DEFAULT_OUTPUT_BUDGET },
      budget.name,
    ),
    tools: selectTools(tools.value, tools.name),
    timeoutMs: timeoutOf(timeout.value, timeout.name),
    verbose: values.verbose ?? booleanOf(env.SOCIAL_DATA_MCP_VERBOSE) === true,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}
