import { isDeepStrictEqual } from 'node:util';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { until } from '@social-data/test-support';

export const BIN = join(__dirname, '..', '..', 'bin', 'social-data-mcp.js');

export type TransportKind = 'stdio' | 'http';

/**
 * Which SDK client speaks to the server (issue 42): the v2 client pinned to the 2026-07-28
 * revision (stateless, `server/discover`), or the v1 client, which opens with `initialize` on
 * 2025-11-25 as Claude Desktop and n8n's MCP Client Tool still do.
 */
export type ClientEra = 'v2' | 'v1';
export const REVISION: Record<ClientEra, string> = { v2: '2026-07-28', v1: '2025-11-25' };

export interface CallOptions {
  signal?: AbortSignal;
  timeout?: number;
}

/** What the tests ask of either client. */
export interface McpClient {
  listTools(): Promise<{ tools: Tool[] }>;
  callTool(name: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallToolResult>;
  /** The protocol revision the connection runs on. */
  revision(): string | undefined;
  close(): Promise<void>;
}

const INFO = { name: 'mcp-sandbox-test', version: '1.0.0' };

function v1Client(): { client: McpClient; connect: (transport: StdioV1 | HttpV1) => Promise<void> } {
  const client = new ClientV1(INFO);
  return {
    connect: (transport) => client.connect(transport),
    client: {
      listTools: () => client.listTools(),
      callTool: async (name, args, options = {}) =>
        (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult,
      // The v1 client opens with initialize at its latest revision, which the server accepts.
      revision: () => (client.getServerVersion() ? REVISION.v1 : undefined),
      close: () => client.close(),
    },
  };
}

function v2Client(): { client: McpClient; connect: (transport: StdioV2 | HttpV2) => Promise<void> } {
  const client = new ClientV2(INFO, { versionNegotiation: { mode: { pin: REVISION.v2 } } });
  return {
    connect: (transport) => client.connect(transport),
    client: {
      listTools: async () => (await client.listTools()) as { tools: Tool[] },
      callTool: async (name, args, options = {}) =>
        (await client.callTool({ name, arguments: args }, options)) as CallToolResult,
      revision: () => client.getNegotiatedProtocolVersion(),
      close: () => client.close(),
    },
  };
}

/** One MCP server process, reached through the SDK's own client, and all it wrote to stderr. */
export interface Connected {
  client: McpClient;
  /** The HTTP endpoint, for a server over HTTP. */
  url?: string;
  stderr: () => string;
  close(): Promise<void>;
}

/** The child sees only these variables: nothing of the test's own environment leaks in. */
function childEnv(settings: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', ...settings };
}

async function overStdio(
  era: ClientEra,
  settings: Record<string, string>,
  args: string[],
): Promise<Connected> {
  const params = {
    command: process.execPath,
    args: [BIN, ...args],
    env: childEnv(settings),
    stderr: 'pipe' as const,
  };
  let stderr = '';
  const collect = (chunk: Buffer) => (stderr += chunk.toString());
  if (era === 'v1') {
    const transport = new StdioV1(params);
    transport.stderr?.on('data', collect);
    const { client, connect } = v1Client();
    await connect(transport);
    return { client, stderr: () => stderr, close: () => client.close() };
  }
  const transport = new StdioV2(params);
  transport.stderr?.on('data', collect);
  const { client, connect } = v2Client();
  await connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

async function overHttp(
  era: ClientEra,
  settings: Record<string, string>,
  args: string[],
): Promise<Connected> {
  const child = spawn(process.execPath, [BIN, '--http', '--port', '0', ...args], {
    env: childEnv(settings),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const listening = () => /listening at (http:\S+)/.exec(output)?.[1];
  await until(
    'the HTTP server to listen',
    () => listening() !== undefined || child.exitCode !== null,
    60_000,
    () => output,
  );
  const url = listening();
  if (!url) throw new Error(`the server did not start:\n${output}`);
  let client: McpClient;
  if (era === 'v1') {
    const made = v1Client();
    await made.connect(new HttpV1(new URL(url)));
    client = made.client;
  } else {
    const made = v2Client();
    await made.connect(new HttpV2(new URL(url)));
    client = made.client;
  }
  return {
    client,
    url,
    stderr: () => output,
    close: async () => {
      await client.close();
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A connected SDK client that has listed the tools: it then validates every result's
 * structuredContent against the tool's outputSchema, as clients that map results do.
 */
export async function connect(
  kind: TransportKind,
  settings: Record<string, string>,
  args: string[] = [],
  era: ClientEra = 'v2',
) {
  const connected = await (kind === 'stdio' ? overStdio(era, settings, args) : overHttp(era, settings, args));
  await connected.client.listTools();
  return connected;
}

/** The text a tool call handed the model, parsed, with the raw text and error flag beside it. */
export interface Seen {
  text: string;
  isError: boolean;
  body: Record<string, unknown>;
}

export async function callTool(
  client: McpClient,
  name: string,
  args: Record<string, unknown>,
): Promise<Seen> {
  const result = await client.callTool(name, args, { timeout: 120_000 });
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  const body = JSON.parse(text) as Record<string, unknown>;
  // Issue 42: every success carries the same body as structuredContent, which the SDK's client has
  // validated against the tool's outputSchema (listed first); an error is text only. Compared as
  // JSON, what went over the wire: a client may build the object with another prototype.
  if (
    result.isError !== true &&
    !isDeepStrictEqual(JSON.parse(JSON.stringify(result.structuredContent)), body)
  )
    throw new Error(`${name}: structuredContent differs from the text content`);
  return { text, isError: result.isError === true, body };
}
