import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LocalRegistry } from '@social-data/n8n-harness';
import { until } from '@social-data/test-support';
import { startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { packForRegistry } from './support/pack';
import { REPO_ROOT, firstScreen, installBlocks, installText, mcpSection } from './support/readme';

const KEY = 'tda_sandbox_demo_key';
const work = mkdtempSync(join(tmpdir(), 'first-steps-'));
let registry: LocalRegistry;
let sandbox: Sandbox;

/** What a newcomer's shell has: npm pointed at the loopback registry, a global prefix of its own. */
function shellEnv(prefix: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: [join(prefix, 'bin'), process.env.PATH].join(delimiter),
    HOME: join(work, 'home'),
    npm_config_registry: registry.url,
    npm_config_prefix: prefix,
    npm_config_cache: join(work, 'npm-cache'),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    ...extra,
  };
}

/** The README's sandbox settings, with this test's sandbox where the README says 4010. */
function sandboxSettings(): Record<string, string> {
  const line = installBlocks().settings.find((each) => each.startsWith('export '))!;
  const pairs = line
    .replace(/^export /, '')
    .split(/\s+/)
    .map((pair) => pair.split('=') as [string, string]);
  return Object.fromEntries(
    pairs.map(([name, value]) => [name, value.replace('http://127.0.0.1:4010', sandbox.url)]),
  );
}

/** A line as a shell runs it; asynchronous, so the sandbox in this process keeps answering. */
function sh(line: string, env: Record<string, string>, cwd: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; line: string }>((resolve) => {
    const child = spawn('sh', ['-c', line], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 150_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', (code) => resolve({ code, stdout, stderr, line }));
  });
}

/** Lists the tools and asks for one profile, as a client's first call would. */
async function firstCall(client: Client) {
  const { tools } = await client.listTools();
  const answer = (await client.callTool({
    name: 'get_user',
    arguments: { user_name: 'social_data' },
  })) as CallToolResult;
  return { tools: tools.map((tool) => tool.name), answer };
}

/** The MCP server started by an MCP client's config line, reached through the SDK's own client. */
async function mcpFrom(line: string, env: Record<string, string>, cwd: string) {
  const [command, ...args] = line.split(/\s+/);
  return mcpStarted({ command: command!, args, env }, cwd);
}

/** What an MCP client does with an `mcpServers` entry: starts its command and speaks over stdio. */
async function mcpStarted(
  entry: { command: string; args: string[]; env: Record<string, string> },
  cwd: string,
) {
  const transport = new StdioClientTransport({ ...entry, cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'first-steps', version: '1.0.0' });
  try {
    await client.connect(transport).catch((error: unknown) => {
      throw new Error(`${entry.command} ${entry.args.join(' ')} did not start: ${String(error)}\n${stderr}`);
    });
    return { ...(await firstCall(client)), stderr };
  } finally {
    await client.close();
  }
}

/**
 * A README line that starts the server over HTTP, run by a shell on a free port (the README's
 * 3333 may be taken on a CI machine); a remote client then reaches it at the endpoint it printed.
 */
async function mcpOverHttp(line: string, env: Record<string, string>, cwd: string) {
  const child = spawn('sh', ['-c', line.replace(/ --port \d+/, '').concat(' --port 0')], {
    cwd,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const client = new Client({ name: 'first-steps', version: '1.0.0' });
  try {
    await until(
      `${line} to listen`,
      () => /listening at (\S+)/.test(stderr) || child.exitCode !== null,
      150_000,
      () => stderr,
    );
    const endpoint = /listening at (\S+)/.exec(stderr)?.[1];
    if (!endpoint) throw new Error(`${line} did not start:\n${stderr}`);
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    return { ...(await firstCall(client)), endpoint, stderr };
  } finally {
    await client.close();
    // npx runs the server as a child of its own: end the whole group the shell started.
    process.kill(-child.pid!, 'SIGTERM');
    await closed;
  }
}

/** Runs the README's first screen where `prefix` installed the command; says how each line ended. */
async function runFirstScreen(prefix: string, folder: string) {
  const env = shellEnv(prefix, sandboxSettings());
  const ran = [];
  for (const line of firstScreen()) ran.push(await sh(line, env, folder));
  return ran;
}

beforeAll(async () => {
  registry = new LocalRegistry(join(work, 'registry'));
  await registry.start();
  sandbox = await startSandbox({ keys: [KEY] });
  const tarballs = packForRegistry(
    ['packages/core', 'apps/cli', 'packages/mcp'].map((dir) => join(REPO_ROOT, dir)),
    join(work, 'tarballs'),
  );
  registry.publishTarballs(tarballs);
}, 600_000);

afterAll(async () => {
  await registry?.stop();
  await sandbox?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the README's install section, from npm (a registry on loopback)", () => {
  const prefix = join(work, 'published');

  it('installs the command with its first line, and the first screen runs against the sandbox', async () => {
    const { published } = installBlocks();
    const install = published.find((line) => line.startsWith('npm install -g'))!;
    const installed = await sh(install, shellEnv(prefix), work);
    expect({ code: installed.code, error: installed.code === 0 ? '' : installed.stderr }).toEqual({
      code: 0,
      error: '',
    });
    const folder = mkdtempSync(join(work, 'published-screen-'));
    const ran = await runFirstScreen(prefix, folder);
    expect(ran.map(({ line, code, stderr }) => ({ line, code, error: code === 0 ? '' : stderr }))).toEqual(
      firstScreen().map((line) => ({ line, code: 0, error: '' })),
    );
    expect(readFileSync(join(folder, 'followers.csv'), 'utf8').trim().split('\n')).toHaveLength(1_001);
    expect(ran[1]!.stdout.trim().split('\n').length).toBeGreaterThan(0);
    expect(existsSync(join(folder, 'followers_1k.state'))).toBe(true);
  });

  it('starts the MCP server with its second line, which answers a tool call', async () => {
    const line = installBlocks().published.find((each) => each.startsWith('npx '))!;
    const env = shellEnv(join(work, 'npx-prefix'), {
      SOCIAL_DATA_API_KEY: KEY,
      SOCIAL_DATA_BASE_URL: sandbox.url,
    });
    const { tools, answer, stderr } = await mcpFrom(line, env, work);
    expect(tools).toContain('get_user_followers');
    expect({ isError: answer.isError, stderr: answer.isError ? stderr : '' }).toEqual({
      isError: false,
      stderr: '',
    });
    expect(answer.structuredContent).toMatchObject({ record: { userName: 'social_data' } });
  });

  it('names the n8n package whose own README install command the registry suite runs', () => {
    const manifest = JSON.parse(
      readFileSync(join(REPO_ROOT, 'packages/n8n-nodes-social-data/package.json'), 'utf8'),
    ) as { name: string };
    expect(installText()).toContain(`\`${manifest.name}\``);
  });
});

describe("the README's install section, from this clone", () => {
  const prefix = join(work, 'clone');

  // `npm run build` is not run again here: this suite runs after turbo built every package (its
  // task depends on the builds), and a second build beside the running suites would rewrite the
  // dist/ folders they load.
  it('builds first, links the command, and the first screen runs against the sandbox', async () => {
    const { clone } = installBlocks();
    expect(clone[0]).toBe('npm run build');
    const link = clone.find((line) => line.startsWith('npm install -g'))!;
    const linked = await sh(link, shellEnv(prefix), REPO_ROOT);
    expect({ code: linked.code, error: linked.code === 0 ? '' : linked.stderr }).toEqual({
      code: 0,
      error: '',
    });
    const folder = mkdtempSync(join(work, 'clone-screen-'));
    const ran = await runFirstScreen(prefix, folder);
    expect(ran.map(({ line, code, stderr }) => ({ line, code, error: code === 0 ? '' : stderr }))).toEqual(
      firstScreen().map((line) => ({ line, code: 0, error: '' })),
    );
    expect(readFileSync(join(folder, 'followers.csv'), 'utf8').trim().split('\n')).toHaveLength(1_001);
  });

  it("starts the clone's MCP server with its line, which answers a tool call", async () => {
    const line = installBlocks().clone.find((each) => each.startsWith('node '))!;
    const env = { PATH: process.env.PATH ?? '', SOCIAL_DATA_API_KEY: KEY, SOCIAL_DATA_BASE_URL: sandbox.url };
    const { answer } = await mcpFrom(line.replace(/^node /, `${process.execPath} `), env, REPO_ROOT);
    expect(answer.structuredContent).toMatchObject({ record: { userName: 'social_data' } });
  });
});

describe("the README's MCP server section, run as written", () => {
  const published = () =>
    shellEnv(join(work, 'npx-prefix'), { SOCIAL_DATA_API_KEY: KEY, SOCIAL_DATA_BASE_URL: sandbox.url });

  it('starts the Claude Desktop entry (its command, arguments and variables), which answers a tool call', async () => {
    const { desktop } = mcpSection();
    expect(Object.keys(desktop.env).sort()).toEqual(['SOCIAL_DATA_API_KEY', 'SOCIAL_DATA_BASE_URL']);
    // The entry's own variables, with the placeholders a user replaces swapped for the sandbox's.
    const env = {
      ...shellEnv(join(work, 'npx-prefix')),
      ...desktop.env,
      SOCIAL_DATA_API_KEY: KEY,
      SOCIAL_DATA_BASE_URL: sandbox.url,
    };
    const { tools, answer } = await mcpStarted({ ...desktop, env }, work);
    expect(tools).toContain('get_user_followers');
    expect(answer.isError).toBe(false);
    expect(answer.structuredContent).toMatchObject({ record: { userName: 'social_data' } });
  });

  it('starts the remote mode from npm with its line; a remote client calls a tool at the endpoint', async () => {
    const { remote } = mcpSection();
    expect(remote).toHaveLength(1);
    const { answer, endpoint } = await mcpOverHttp(remote[0]!, published(), work);
    // The endpoint the README tells the client is the one this line serves, on its port.
    const port = /--port (\d+)/.exec(remote[0]!)?.[1];
    expect(mcpSection().text).toContain(`\`http://127.0.0.1:${port}${new URL(endpoint).pathname}\``);
    expect(answer.structuredContent).toMatchObject({ record: { userName: 'social_data' } });
  });

  it("starts the clone's remote mode against the sandbox with its line", async () => {
    const { clone } = mcpSection();
    expect(clone).toHaveLength(1);
    const line = clone[0]!.replace('http://127.0.0.1:4010', sandbox.url);
    const { answer } = await mcpOverHttp(line, { PATH: process.env.PATH ?? '' }, REPO_ROOT);
    expect(answer.structuredContent).toMatchObject({ record: { userName: 'social_data' } });
  });
});
