import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Runtime } from './install';

/**
 * How long one n8n CLI command may run before it counts as hung. A hang guard, not a speed check:
 * on a machine busy beside two busy loops one 200,000-follower part of the demo took over 300 s.
 */
export const CLI_HANG_GUARD_MS = 900_000;

export interface CliResult {
  code: number | null;
  /** The signal that ended n8n, when one did (code is then null). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one n8n CLI command to completion. Output goes to files, not pipes: n8n exits with
 * process.exit(), which cuts a pipe's pending output (a large `--rawOutput` run was cut at
 * 24 MB), while writes to a file are synchronous.
 */
export function runN8n(
  runtime: Runtime,
  args: string[],
  env: NodeJS.ProcessEnv,
  { timeoutMs = CLI_HANG_GUARD_MS } = {},
): Promise<CliResult> {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-cli-'));
  const outFile = join(dir, 'stdout');
  const errFile = join(dir, 'stderr');
  const out = openSync(outFile, 'w');
  const err = openSync(errFile, 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(runtime.node, [runtime.bin, ...args], { env, stdio: ['ignore', out, err] });
    let done = false;
    const finish = (settle: (stdout: string, stderr: string) => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      closeSync(out);
      closeSync(err);
      const stdout = readFileSync(outFile, 'utf8');
      const stderr = readFileSync(errFile, 'utf8');
      rmSync(dir, { recursive: true, force: true });
      settle(stdout, stderr);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish((stdout, stderr) =>
        reject(new Error(`n8n ${args[0]} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`)),
      );
    }, timeoutMs);
    child.on('error', (error) => finish(() => reject(error)));
    child.on('close', (code, signal) =>
      finish((stdout, stderr) => resolve({ code, signal, stdout, stderr })),
    );
  });
}

/**
 * `n8n execute --rawOutput` prints log lines before the run on 2.x: the JSON starts at a lone `{`.
 * Null when there is no run, or only part of one (a process ended mid-print).
 */
export function parseRawOutput(stdout: string): Record<string, unknown> | null {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line === '{');
  if (start === -1) return null;
  const end = lines.lastIndexOf('}');
  try {
    return JSON.parse(lines.slice(start, end + 1).join('\n')) as Record<string, unknown>;
  } catch {
    return null;
  }
}
