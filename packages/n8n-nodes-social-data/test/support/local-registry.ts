import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { ensureNode, ensureTools, freePort, N8N_LINES } from '@social-data/n8n-harness';

/** verdaccio needs Node 22 or later: it runs on the Node that n8n 2.x runs on. */
export const REGISTRY_TOOLS = {
  name: 'registry-tools',
  dependencies: { verdaccio: '6.10.4', '@n8n/scan-community-package': '0.32.0' },
  // verdaccio asks for node-fetch@cjs, a dist-tag the registry here does not serve.
  overrides: { 'node-fetch@cjs': '2.7.0' },
};

const log = (message: string) => process.stderr.write(`[registry] ${message}\n`);

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A real npm registry (verdaccio) on loopback with no uplink: it serves only what the test
 * publishes, so nothing reaches the public registry.
 */
export class LocalRegistry {
  readonly toolsDir: string;
  readonly node: string;
  url = '';
  token = '';
  private process: ChildProcess | undefined;
  output = '';

  constructor(private readonly folder: string) {
    this.toolsDir = ensureTools(REGISTRY_TOOLS, log);
    this.node = ensureNode(N8N_LINES[2].node, log).bin;
  }

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}/`;
    mkdirSync(join(this.folder, 'storage'), { recursive: true });
    const config = join(this.folder, 'config.yaml');
    writeFileSync(
      config,
      [
        `storage: ${join(this.folder, 'storage')}`,
        'auth:',
        '  htpasswd:',
        `    file: ${join(this.folder, 'htpasswd')}`,
        'packages:',
        "  '**':",
        '    access: $all',
        '    publish: $authenticated',
        `listen: 127.0.0.1:${port}`,
        'log: { type: stdout, format: pretty, level: warn }',
        '',
      ].join('\n'),
    );
    const bin = join(this.toolsDir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
    this.process = spawn(this.node, [bin, '--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.process.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.process.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await until(async () => ((await fetch(`${this.url}-/ping`)).ok ? true : undefined), 'verdaccio start');
    // A user and its token, without npm's interactive login.
    const response = await fetch(`${this.url}-/user/org.couchdb.user:ci`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci', password: 'local-registry-ci', email: 'ci@example.test' }),
    });
    this.token = ((await response.json()) as { token: string }).token;
  }

  /** npm flags that point a command at this registry, authenticated. */
  npmFlags(): string[] {
    const host = this.url.replace(/^http:/, '');
    return [`--registry=${this.url}`, `--${host}:_authToken=${this.token}`];
  }

  /**
   * Environment for an n8n whose own installer uses this registry: it hands
   * N8N_COMMUNITY_PACKAGES_REGISTRY to npm as `--registry`, while the update check behind the
   * Community Nodes list runs a bare `npm outdated`, which npm_config_registry points here.
   */
  n8nEnvironment(): Record<string, string> {
    return { N8N_COMMUNITY_PACKAGES_REGISTRY: this.url.replace(/\/$/, ''), npm_config_registry: this.url };
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
