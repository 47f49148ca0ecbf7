import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { ensureNode } from './install';
import { N8N_LINES } from './lines';
import { freePort } from './ports';
import { ensureTools } from './tools';

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
        // Publishing a package as big as the MCP SDK is a body of more than the default 10 MB.
        'max_body_size: 200mb',
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

  /**
   * Publishes npm tarballs (`npm pack` or `pnpm pack` output) as `npm publish` would, with the
   * manifest each tarball holds, straight to this registry's publish endpoint: a package's own
   * `publishConfig` (a registry, provenance) can then never send it anywhere else.
   */
  publishTarballs(tarballs: string[]): void {
    for (const tarball of tarballs) {
      const manifest = manifestIn(tarball);
      const name = String(manifest.name);
      const version = String(manifest.version);
      const data = readFileSync(tarball);
      const file = `${name.replace(/^@[^/]+\//, '')}-${version}.tgz`;
      const body = {
        _id: name,
        name,
        'dist-tags': { latest: version },
        versions: {
          [version]: {
            ...manifest,
            _id: `${name}@${version}`,
            dist: {
              shasum: digest('sha1', data, 'hex'),
              integrity: `sha512-${digest('sha512', data, 'base64')}`,
              tarball: `${this.url}${name}/-/${file}`,
            },
          },
        },
        _attachments: {
          [file]: {
            content_type: 'application/octet-stream',
            data: data.toString('base64'),
            length: data.length,
          },
        },
      };
      const put = putJson(`${this.url}${name.replace('/', '%2f')}`, this.token, body);
      // A version published before (a second test in one registry) is no failure.
      if (put.status !== 201 && put.status !== 409)
        throw new Error(
          `publishing ${basename(tarball)} failed: ${put.status} ${put.text}\n${this.output.slice(-2000)}`,
        );
    }
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

/**
 * A PUT from a child process: in a jest worker, nock's interception of fetch closed the socket of
 * a publish body while passing it through to loopback.
 */
function putJson(url: string, token: string, body: unknown): { status: number; text: string } {
  const script = `
    let input = '';
    process.stdin.on('data', (chunk) => (input += chunk)).on('end', async () => {
      const response = await fetch(process.argv[1], {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + process.argv[2] },
        body: input,
      });
      process.stdout.write(JSON.stringify({ status: response.status, text: await response.text() }));
    });`;
  const result = spawnSync(process.execPath, ['-e', script, url, token], {
    input: JSON.stringify(body),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) return { status: 0, text: result.stderr };
  return JSON.parse(result.stdout) as { status: number; text: string };
}

/** The package.json inside an npm tarball. */
function manifestIn(tarball: string): Record<string, unknown> {
  const result = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`no package/package.json in ${tarball}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

function digest(algorithm: 'sha1' | 'sha512', data: Buffer, encoding: 'hex' | 'base64'): string {
  return createHash(algorithm).update(data).digest(encoding);
}
