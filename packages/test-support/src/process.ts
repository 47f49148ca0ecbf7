import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/**
 * Stops a process group once the test process is gone. afterAll covers failing tests; this
 * covers what it cannot: Ctrl-C, a killed jest. (Jest gives tests a process object of its own,
 * so signal and exit handlers registered in a test never run.)
 */
const WATCHDOG = `
const [parent, group, signal] = process.argv.slice(1);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const timer = setInterval(() => {
  if (!alive(-group)) process.exit(0);
  if (alive(Number(parent))) return;
  clearInterval(timer);
  try { process.kill(-group, signal); } catch {}
  setTimeout(() => { try { process.kill(-group, 'SIGKILL'); } catch {} }, 10000);
}, 1000);
`;

export interface LoggedProcessOptions extends Pick<SpawnOptions, 'cwd' | 'uid' | 'gid' | 'env'> {
  /** How the process asks to be stopped cleanly. */
  stopSignal?: NodeJS.Signals;
  /** How long a clean stop may take before the process is killed. */
  graceMs?: number;
  /**
   * A process group of its own, stopped with the test process should that go away: for servers
   * that fork (PostgreSQL), whose children a signal to the server alone would leave behind.
   */
  group?: boolean;
}

/** A long-running process writing its output to a log file, so the output survives it. */
export class LoggedProcess {
  private readonly child: ChildProcess;
  private readonly stopSignal: NodeJS.Signals;
  private readonly graceMs: number;
  private readonly group: boolean;
  readonly exited: Promise<number | null>;

  constructor(
    command: string,
    args: string[],
    readonly logFile: string,
    { stopSignal = 'SIGTERM', graceMs = 15_000, group = false, ...spawnOptions }: LoggedProcessOptions = {},
  ) {
    this.stopSignal = stopSignal;
    this.graceMs = graceMs;
    this.group = group;
    const log = openSync(logFile, 'w');
    this.child = spawn(command, args, { ...spawnOptions, detached: group, stdio: ['ignore', log, log] });
    closeSync(log);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    if (group)
      spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(this.child.pid), stopSignal], {
        detached: true,
        stdio: 'ignore',
      }).unref();
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get log(): string {
    return readFileSync(this.logFile, 'utf8');
  }

  /** Asks the process to stop, and kills it if it has not within `graceMs`. */
  async stop(graceMs = this.graceMs): Promise<void> {
    if (!this.running) return;
    this.signal(this.stopSignal);
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Stops at once, as a crash or an OOM kill would. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.signal('SIGKILL');
    await this.exited;
  }

  private signal(signal: NodeJS.Signals): void {
    if (!this.group) {
      this.child.kill(signal);
      return;
    }
    try {
      process.kill(-this.child.pid!, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}
