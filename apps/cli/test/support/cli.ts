import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox } from '@social-data/sandbox';
import type { Sandbox, SandboxOptions } from '@social-data/sandbox';
import { SandboxControl } from '@social-data/sandbox';

/** The built binary, as npm installs it: every test runs it as a process of its own. */
export const BIN = resolve(__dirname, '../../bin/social-data.js');

export const COOKIE = 'auth_token=cli_secret_cookie_4711; ct0=cli_csrf_0815';
export const PROXY = 'http://proxyuser:cli_proxy_password_2024@127.0.0.1:8080';

export interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Env {
  [name: string]: string | undefined;
}

/** A sandbox with its control API, and a scratch folder that holds the config file. */
export class Bench {
  readonly home = mkdtempSync(join(tmpdir(), 'social-data-cli-'));
  control!: SandboxControl;
  sandbox!: Sandbox;

  async start(options: SandboxOptions = {}): Promise<this> {
    this.sandbox = await startSandbox({ port: 0, control: true, ...options });
    this.control = new SandboxControl(this.sandbox.url);
    return this;
  }

  async close(): Promise<void> {
    await this.sandbox?.close();
  }

  path(name: string): string {
    return join(this.home, name);
  }

  /** The environment of a run: a clean one, credentials from the variables unless overridden. */
  env(extra: Env = {}): Env {
    const env: Env = {
      PATH: process.env.PATH,
      HOME: this.home,
      SOCIAL_DATA_CONFIG: this.path('config.json'),
      SOCIAL_DATA_BASE_URL: this.sandbox.url,
      SOCIAL_DATA_API_KEY: this.sandbox.keys[0],
      SOCIAL_DATA_COOKIE: COOKIE,
      SOCIAL_DATA_PROXY: PROXY,
      ...extra,
    };
    for (const name of Object.keys(env)) if (env[name] === undefined) delete env[name];
    return env;
  }

  spawn(args: string[], extra: Env = {}, cwd = this.home): ChildProcess {
    return spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: this.env(extra),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  }

  /** Runs the command to its end, with `input` on stdin. */
  run(args: string[], options: { env?: Env; input?: string } = {}): Promise<Result> {
    return finished(this.spawn(args, options.env), options.input);
  }

  /** A shell pipeline of commands, each `social-data` standing for the built binary. */
  pipeline(line: string, extra: Env = {}): Promise<Result> {
    const command = line.replace(/social-data/g, `"${process.execPath}" "${BIN}"`);
    const child = spawn('sh', ['-c', command], {
      cwd: this.home,
      env: this.env(extra),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return finished(child, '');
  }
}

export function finished(child: ChildProcess, input?: string): Promise<Result> {
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin!.end(input ?? '');
  return new Promise((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

export function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
