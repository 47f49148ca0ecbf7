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

/**
 * A server of the suite's own (PostgreSQL, Redis) in a process group of its own, so stopping it
 * also reaches anything it forked, with its output in a log file for failure messages.
 */
export class ServiceProcess {
  private readonly child: ChildProcess;
  readonly exited: Promise<void>;

  constructor(
    command: string,
    args: string[],
    readonly logFile: string,
    /** How the server asks to be stopped cleanly. */
    private readonly stopSignal: NodeJS.Signals,
    options: Pick<SpawnOptions, 'cwd' | 'uid' | 'gid'> = {},
  ) {
    const log = openSync(logFile, 'w');
    this.child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', log, log] });
    closeSync(log);
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
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

  /** Asks the group to stop, and kills it if it has not within `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.signalGroup(this.stopSignal);
    const timer = setTimeout(() => this.signalGroup('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  private signalGroup(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.child.pid!, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}
