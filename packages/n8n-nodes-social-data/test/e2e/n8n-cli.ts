import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

// The same runtime installer the demo uses; CommonJS so jest loads it as is.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const runtime = require('../../../../scripts/n8n-runtime.cjs') as {
  ensureN8n(line: number, log?: (message: string) => void): Runtime;
  n8nEnvironment(runtime: Runtime, folder: string, extra?: Record<string, string>): NodeJS.ProcessEnv;
  createUserFolder(packageDir: string, prefix?: string): string;
  runN8n(
    runtime: Runtime,
    args: string[],
    env: NodeJS.ProcessEnv,
    options?: { timeoutMs?: number },
  ): Promise<CliResult>;
  parseRawOutput(stdout: string): IDataObject | null;
};

export interface Runtime {
  line: number;
  version: string;
  node: string;
  bin: string;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export const PACKAGE_DIR = join(__dirname, '..', '..');
export const EXAMPLES_DIR = join(PACKAGE_DIR, 'examples', 'workflows');

/**
 * One real n8n, installed as users install it (the built package copied into
 * `.n8n/nodes/node_modules`), with its own throwaway user folder and database. Every command's
 * output is kept so the suite can scan all of it for secrets at the end.
 */
export class N8nInstance {
  readonly runtime: Runtime;
  readonly folder: string;
  readonly transcript: string[] = [];
  private readonly env: NodeJS.ProcessEnv;

  constructor(line: number) {
    this.runtime = runtime.ensureN8n(line, (message) => process.stderr.write(`[n8n ${line}.x] ${message}\n`));
    this.folder = runtime.createUserFolder(PACKAGE_DIR, `n8n-e2e-${line}-`);
    this.env = runtime.n8nEnvironment(this.runtime, this.folder);
  }

  async cli(args: string[]): Promise<CliResult> {
    const result = await runtime.runN8n(this.runtime, args, this.env);
    this.transcript.push(result.stdout, result.stderr);
    return result;
  }

  /** Imports credentials from a file that exists only for the import: n8n stores them encrypted. */
  async importCredentials(credentials: IDataObject[]): Promise<void> {
    const file = join(this.folder, 'credentials-import.json');
    writeFileSync(file, JSON.stringify(credentials));
    try {
      await this.expectSuccess(['import:credentials', `--input=${file}`]);
    } finally {
      rmSync(file, { force: true });
    }
  }

  async importWorkflows(directory: string): Promise<void> {
    await this.expectSuccess(['import:workflow', '--separate', `--input=${directory}`]);
  }

  /** Runs a workflow; on success returns each node's output items by node name. */
  async execute(workflowId: string): Promise<Execution> {
    const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
    const run = result.code === 0 ? runtime.parseRawOutput(result.stdout) : null;
    return new Execution(result, run);
  }

  /** Every file n8n wrote under its user folder (database, WAL, config, logs) as text. */
  storedFiles(): string[] {
    const texts: string[] = [];
    const walk = (directory: string) => {
      for (const entry of readdirSync(directory)) {
        const path = join(directory, entry);
        if (entry === 'node_modules') continue;
        if (statSync(path).isDirectory()) walk(path);
        else texts.push(readFileSync(path).toString('latin1'));
      }
    };
    walk(join(this.folder, '.n8n'));
    return texts;
  }

  /** Makes a workflow active, so `n8n start` runs its triggers. */
  async activate(workflowId: string): Promise<void> {
    await this.expectSuccess(
      this.runtime.line === 1
        ? ['update:workflow', `--id=${workflowId}`, '--active=true']
        : ['publish:workflow', `--id=${workflowId}`],
    );
  }

  private server: ChildProcess | undefined;

  private get serverLog(): string {
    return join(this.folder, 'n8n-start.log');
  }

  /** Starts `n8n start` on a free loopback port; active workflows' triggers run from now on. */
  async start(): Promise<void> {
    const port = await freePort();
    const log = openSync(this.serverLog, 'w');
    this.server = spawn(this.runtime.node, [this.runtime.bin, 'start'], {
      env: { ...this.env, N8N_PORT: String(port), N8N_LISTEN_ADDRESS: '127.0.0.1', N8N_HOST: '127.0.0.1' },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
  }

  /** Stops `n8n start` (SIGTERM, then SIGKILL after 30 s) and keeps its log in the transcript. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    this.transcript.push(readFileSync(this.serverLog, 'utf8'));
  }

  get log(): string {
    return readFileSync(this.serverLog, 'utf8');
  }

  /** The executions in n8n's database, with each node's output items. */
  executions(): StoredExecution[] {
    const reader = join(__dirname, 'read-executions.cjs');
    const database = join(this.folder, '.n8n', 'database.sqlite');
    const result = spawnSync(this.runtime.node, [reader, this.runtime.bin, database], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`reading executions failed:\n${result.stderr}`);
    return JSON.parse(result.stdout) as StoredExecution[];
  }

  remove(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }

  private async expectSuccess(args: string[]): Promise<void> {
    const result = await this.cli(args);
    if (result.code !== 0)
      throw new Error(`n8n ${args[0]} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  }
}

export interface StoredExecution {
  id: string;
  status: string;
  mode: string;
  /** Output items of each node that ran, by node name. */
  nodes: Record<string, IDataObject[]>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export class Execution {
  constructor(
    readonly result: CliResult,
    readonly run: IDataObject | null,
  ) {}

  get succeeded(): boolean {
    return this.result.code === 0 && this.run !== null && this.run.status !== 'error';
  }

  items(node: string): INodeExecutionData[] {
    const runData = ((this.run?.data as IDataObject)?.resultData as IDataObject)?.runData as IDataObject;
    const runs = runData?.[node] as Array<{ data?: { main?: INodeExecutionData[][] } }> | undefined;
    if (!runs) throw new Error(`node "${node}" did not run:\n${this.result.stdout.slice(0, 2000)}`);
    return runs.flatMap((nodeRun) => nodeRun.data?.main?.[0] ?? []);
  }

  get output(): string {
    return `${this.result.stdout}\n${this.result.stderr}`;
  }
}
