import { isDeepStrictEqual } from 'node:util';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { until } from '@social-data/test-support';

const BIN = join(__dirname, '..', '..', 'bin', 'social-data-mcp.js');

export type TransportKind = 'stdio' | 'http';

/** One MCP server process, reached through the SDK's own client, and all it wrote to stderr. */
export interface Connected {
  client: Client;
  /** The HTTP endpoint, for a server over HTTP. */
  url?: string;
  stderr: () => string;
  close(): Promise<void>;
}

/** The child sees only these variables: nothing of the test's own environment leaks in. */
function childEnv(settings: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', ...settings };
}

async function overStdio(settings: Record<string, string>, args: string[]): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: childEnv(settings),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'mcp-sandbox-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

async function overHttp(settings: Record<string, string>, args: string[]): Promise<Connected> {
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
  const client = new Client({ name: 'mcp-sandbox-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
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
export async function connect(kind: TransportKind, settings: Record<string, string>, args: string[] = []) {
  const connected = await (kind === 'stdio' ? overStdio(settings, args) : overHttp(settings, args));
  await connected.client.listTools();
  return connected;
}

/** The text a tool call handed the model, parsed, with the raw text and error flag beside it. */
export interface Seen {
  text: string;
  isError: boolean;
  body: Record<string, unknown>;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<Seen> {
  const result = (await client.callTool({ name, arguments: args }, undefined, {
    timeout: 120_000,
  })) as CallToolResult;
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  const body = JSON.parse(text) as Record<string, unknown>;
  // Issue 42: every success carries the same body as structuredContent, which the SDK's client has
  // validated against the tool's outputSchema (listed first); an error is text only.
  if (result.isError !== true && !isDeepStrictEqual(result.structuredContent, body))
    throw new Error(`${name}: structuredContent differs from the text content`);
  return { text, isError: result.isError === true, body };
}
