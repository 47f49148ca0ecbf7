import { Server } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { agentError, agentErrorOutput, agentTools, runAgentTool } from '@social-data/core/agent';
import type { AgentOutput } from '@social-data/core/agent';

import { version } from '../package.json';
import { SETTINGS_NAME, SETTINGS_TEXT, settingVariable } from './settings';
import type { ClientOrFailure } from './settings';

export interface ServerOptions {
  /** Characters one tool output may hold. */
  budget?: number | undefined;
  /** The names of the tools to offer (default all): the others are neither listed nor callable. */
  tools?: readonly string[] | undefined;
  /** One line per tool call (name, outcome, size), never an input or a secret. */
  log?: ((line: string) => void) | undefined;
}

const INSTRUCTIONS =
  'Tools of the Social Data Retrieval API: profiles, tweets, followers, lists, communities and topics of X (Twitter). Usernames may be given with or without @, or as profile URLs; lists, communities and topics by id or URL. Paged tools return a next_cursor: pass it back as cursor, with the same other inputs, to continue.';

const ALL_TOOLS = agentTools();

/**
 * A tool result: the text for clients that read content, and the same body as `structuredContent`
 * for those that validate it against the tool's `outputSchema` (issue 42). The output budget
 * bounds the one body both carry. An error result is text only, as the protocol allows.
 */
function result(output: AgentOutput): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: output.text }];
  if (output.isError) return { content, isError: true };
  return { content, structuredContent: JSON.parse(output.text) as Record<string, unknown>, isError: false };
}

/**
 * How long one tool call may take (decision M11): MCP clients give up on a request after 60 s
 * by default (the SDKs' request timeout), and a model that got nothing cannot act. Within this,
 * no request runs past it and no retry wait (a rate limit's Retry-After) outlasts it, so the
 * model gets what was read, or the error with `retry_after_seconds`.
 */
export const CALL_TIME_MS = 45_000;

/** Room for what a host puts around the content array (n8n's MCP Client Tool: `[{"response":` … `}]`). */
const HOST_WRAPPING = 64;

/** What a result carries around its body when the body goes as `structuredContent` too. */
const STRUCTURED_KEY = ',"structuredContent":'.length;

/**
 * What a model reads of an output text at most: hosts may hand it on as the result's content
 * array in JSON, every quote escaped (behind n8n's MCP Client Tool 23,340 characters were read as
 * 26,072), and with the same body again as `structuredContent` (n8n's MCP Client Tool passes
 * both: 44,275 characters for a 24,000 budget before this counted it), so the budget bounds all
 * of that, not the bare text.
 */
function asReadByModel(text: string): number {
  return JSON.stringify([{ type: 'text', text }]).length + STRUCTURED_KEY + text.length + HOST_WRAPPING;
}

/**
 * The tool list is the catalog's: it changes only with a new version, so a 2026-07-28 client may
 * keep it for an hour (a cache hint; 2025 clients list again as they always did).
 */
const TOOLS_TTL_MS = 3_600_000;

/**
 * One MCP server (the SDK v2's low-level `Server`, since the input and output schemas are JSON
 * Schema from the catalog). The SDK's serving entries (`serveStdio`, `createMcpHandler`) build one
 * per connection or request and answer both the 2026-07-28 revision and the 2025 ones with it.
 */
export function createMcpServer(connection: ClientOrFailure, options: ServerOptions = {}): Server {
  const offered = options.tools;
  const TOOLS = offered ? ALL_TOOLS.filter((tool) => offered.includes(tool.name)) : ALL_TOOLS;
  const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const server = new Server(
    { name: 'social-data', title: 'Social Data', version },
    {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      cacheHints: { 'tools/list': { ttlMs: TOOLS_TTL_MS, cacheScope: 'public' } },
    },
  );
  server.setRequestHandler('tools/list', () => ({
    tools: TOOLS.map(({ name, title, description, inputSchema, outputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      outputSchema,
      annotations,
    })),
  }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name, arguments: args } = request.params;
    const tool = BY_NAME.get(name);
    let output: AgentOutput;
    if (!tool) {
      output = agentError(
        'UnknownTool',
        `There is no tool named ${JSON.stringify(name)}. Tools: ${TOOLS.map((each) => each.name).join(', ')}.`,
      );
    } else if ('failure' in connection) {
      output = agentErrorOutput(connection.failure, connection.redact, SETTINGS_TEXT, {
        settings: SETTINGS_NAME,
        operation: tool.name,
        field: settingVariable,
      });
    } else {
      output = await runAgentTool(connection.client, tool.id, args, {
        budget: options.budget,
        measure: asReadByModel,
        settings: SETTINGS_TEXT,
        settingsName: SETTINGS_NAME,
        settingNames: settingVariable,
        signal: ctx.mcpReq.signal,
        deadline: Date.now() + CALL_TIME_MS,
      });
    }
    options.log?.(
      `${tool ? tool.name : 'unknown tool'}: ${output.isError ? `error (${output.errorType ?? 'unknown'})` : `${output.records} record${output.records === 1 ? '' : 's'}`}, ${output.text.length} characters${output.cutByBudget ? ' (cut by the budget)' : ''}`,
    );
    return result(output);
  });
  return server;
}
