import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { n8nEnvironment, runnerBrokerEnvironment } from './environment';
import { Execution } from './execution';
import type { StoredExecution } from './execution';
import { ensureN8n } from './install';
import type { Runtime } from './install';
import type { Log } from './log';
import type { N8nLine } from './lines';
import { READ_EXECUTIONS_SCRIPT } from './paths';
import { PORT_ATTEMPTS, exitedForPortInUse, freePort, startOnFreePorts } from './ports';
import { CLI_HANG_GUARD_MS, parseRawOutput, runN8n } from './run-command';
import type { CliResult } from './run-command';
import { startN8nProcess, waitForReadiness } from './server-process';
import type { N8nProcess } from './server-process';
import { createUserFolder } from './user-folder';

/** Reading a busy run's executions takes seconds; one that hangs on a locked database must not hang the test. */
const READ_EXECUTIONS_MS = 120_000;

export interface InstanceOptions {
  /** Prefix of the throwaway user folder's name. */
  prefix?: string;
  /** Extra environment for every command and process of this instance. */
  env?: Record<string, string>;
  log?: Log;
  /** Start without the built package, for tests that install it the way users do. */
  withoutPackage?: boolean;
}

export interface Owner {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/**
 * One real n8n, installed as users install it (the built package copied into
 * `.n8n/nodes/node_modules`), with its own throwaway user folder and database. Every command's
 * and process's output is kept so callers can scan all of it for secrets at the end.
 */
export class N8nInstance {
  readonly runtime: Runtime;
  readonly folder: string;
  readonly env: NodeJS.ProcessEnv;
  readonly transcript: string[] = [];
  private readonly processes: N8nProcess[] = [];
  private main: N8nProcess | undefined;
  url: string | undefined;

  constructor(line: N8nLine | number, options: InstanceOptions = {}) {
    const log = options.log ?? ((message: string) => process.stderr.write(`[n8n ${line}.x] ${message}\n`));
    this.runtime = ensureN8n(line, log);
    this.folder = createUserFolder(
      options.prefix ?? `n8n-${line}-`,
      options.withoutPackage ? null : undefined,
    );
    this.env = n8nEnvironment(this.runtime, this.folder, options.env);
  }

  async cli(args: string[], { timeoutMs = CLI_HANG_GUARD_MS } = {}): Promise<CliResult> {
    // `n8n execute` on 2.x starts a broker too, and fails while any other n8n holds its port. A
    // free port can be taken by another process before n8n binds it (CI lost a demo example so);
    // the command then stops before doing anything, and runs again on another port.
    for (let attempt = 1; ; attempt++) {
      const env = { ...(await runnerBrokerEnvironment(this.runtime)), ...this.env };
      const result = await runN8n(this.runtime, args, env, { timeoutMs });
      this.transcript.push(result.stdout, result.stderr);
      const lostPort = result.code !== 0 && exitedForPortInUse(`${result.stdout}\n${result.stderr}`);
      if (!lostPort || attempt >= PORT_ATTEMPTS) return result;
    }
  }

  /** Imports credentials from a file that exists only for the import: n8n stores them encrypted. */
  async importCredentials(credentials: Array<Record<string, unknown>>): Promise<void> {
    // Outside the user folder: the secret scans read that folder as what n8n stored, and a setup
    // cut short by a hook timeout must not leave the plain-text file among it.
    const directory = mkdtempSync(join(tmpdir(), 'n8n-credentials-'));
    const file = join(directory, 'credentials-import.json');
    writeFileSync(file, JSON.stringify(credentials));
    try {
      await this.expectSuccess(['import:credentials', `--input=${file}`]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }

  /** Imports every workflow file of a folder. */
  async importWorkflows(directory: string): Promise<void> {
    await this.expectSuccess(['import:workflow', '--separate', `--input=${directory}`]);
  }

  /**
   * Imports workflows given as objects, in one n8n command: each command starts n8n whole (about
   * 9 s of CPU for 2.x), and imports were a tenth of a CI's CPU time.
   */
  async importWorkflow(...workflows: Array<Record<string, unknown>>): Promise<void> {
    const directory = mkdtempSync(join(this.folder, 'workflow-import-'));
    try {
      for (const workflow of workflows)
        writeFileSync(join(directory, `${String(workflow.id)}.json`), JSON.stringify(workflow));
      await this.importWorkflows(directory);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }

  /** Runs a workflow to the end in this process (`n8n execute`, which ignores queue mode). */
  async execute(workflowId: string): Promise<Execution> {
    const result = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
    // A run that a signal ended on n8n's way out has printed it whole (decision E9).
    const run = result.code === 0 || result.signal !== null ? parseRawOutput(result.stdout) : null;
    return new Execution(result, run);
  }

  /** Makes a workflow active, so `n8n start` runs its triggers and webhooks. */
  async activate(workflowId: string): Promise<void> {
    await this.expectSuccess(
      this.runtime.line === 1
        ? ['update:workflow', `--id=${workflowId}`, '--active=true']
        : ['publish:workflow', `--id=${workflowId}`],
    );
  }

  /**
   * Starts `n8n start` on a loopback port and waits until it serves; returns its URL. On a port
   * of its own choosing, a start that a port in use stopped is tried again on new ports.
   */
  async start({ port, env = {} }: { port?: number; env?: Record<string, string> } = {}): Promise<string> {
    const launch = async () => {
      const listen = port ?? (await freePort());
      this.url = `http://127.0.0.1:${listen}`;
      this.main = this.spawn(['start'], 'n8n-start.log', {
        N8N_PORT: String(listen),
        N8N_LISTEN_ADDRESS: '127.0.0.1',
        N8N_HOST: '127.0.0.1',
        WEBHOOK_URL: `${this.url}/`,
        ...(await runnerBrokerEnvironment(this.runtime)),
        ...env,
      });
      return this.main;
    };
    const ready = (started: N8nProcess) => waitForReadiness(this.requireUrl(), started);
    if (port !== undefined) await ready(await launch());
    else
      await startOnFreePorts(
        launch,
        (started) => started,
        ready,
        (gaveUp) => this.transcript.push(gaveUp.log),
      );
    return this.requireUrl();
  }

  /** Starts another n8n process on this instance's user folder and environment (a worker, say). */
  spawn(args: string[], logName: string, env: Record<string, string> = {}): N8nProcess {
    const started = startN8nProcess(this.runtime, args, { ...this.env, ...env }, join(this.folder, logName));
    this.processes.push(started);
    return started;
  }

  /** Stops `n8n start` and keeps its log in the transcript. */
  async stop(): Promise<void> {
    const main = this.main;
    this.main = undefined;
    if (!main) return;
    await main.stop();
    this.transcript.push(main.log);
  }

  /** The log of `n8n start` so far. */
  get log(): string {
    return this.main?.log ?? '';
  }

  /** Creates the owner account of a fresh n8n, so the editor and the REST API can log in. */
  async setupOwner(owner: Owner): Promise<void> {
    const response = await fetch(`${this.requireUrl()}/rest/owner/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(owner),
    });
    if (!response.ok) throw new Error(`owner setup failed: ${response.status} ${await response.text()}`);
  }

  /** The executions in n8n's SQLite database, with each node's output items. */
  /** The stored executions, of one workflow when its id is given. */
  executions(workflowId?: string): StoredExecution[] {
    const database = join(this.folder, '.n8n', 'database.sqlite');
    const args = [READ_EXECUTIONS_SCRIPT, this.runtime.bin, database, ...(workflowId ? [workflowId] : [])];
    // Run by n8n's own Node, so its sqlite3 build loads (2.x's is built for Node 24).
    const result = spawnSync(this.runtime.node, args, {
      encoding: 'utf8',
      maxBuffer: 512 * 1024 * 1024,
      timeout: READ_EXECUTIONS_MS,
    });
    if (result.status !== 0)
      throw new Error(
        `reading executions failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stderr}`,
      );
    return JSON.parse(result.stdout) as StoredExecution[];
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
    walk(this.folder);
    return texts;
  }

  /** Stops every process this instance started, then deletes its user folder. */
  async remove(): Promise<void> {
    await this.stop();
    await Promise.all(this.processes.map((started) => started.stop()));
    rmSync(this.folder, { recursive: true, force: true });
  }

  private requireUrl(): string {
    if (!this.url) throw new Error('start n8n first');
    return this.url;
  }

  private async expectSuccess(args: string[]): Promise<void> {
    const result = await this.cli(args);
    if (result.code !== 0)
      throw new Error(`n8n ${args[0]} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
  }
}
