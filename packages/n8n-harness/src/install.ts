import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

import { withInstallLock } from './install-lock';
import type { Log } from './log';
import { N8N_LINES, isN8nLine } from './lines';
import type { N8nLine } from './lines';
import { CACHE_DIR, HARNESS_CLI, lockFileOf } from './paths';

/** An installed n8n: its binary and the Node that runs it. */
export interface Runtime {
  line: N8nLine;
  version: string;
  node: string;
  bin: string;
}

export type { Log } from './log';

const quietInstall = ['--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock'];

export function npm(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    const tail = `${result.stdout}${result.stderr}`.split('\n').slice(-30).join('\n');
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${tail}`);
  }
}

const INSTALL_ATTEMPTS = 3;

/** `dir` emptied, holding only `packageJson` as its package.json. */
function emptyFolderWith(dir: string, packageJson: object): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify(packageJson, null, 2));
}

/**
 * `npm install` into an emptied folder (`npm ci` when a lockfile is given), tried again from empty
 * when it fails: npm's reify step sometimes fails on a fresh tree with ENOTEMPTY while other npm
 * processes share its cache (seen on a loaded CI machine); a second attempt from scratch installs.
 */
function freshInstall(dir: string, packageJson: object, args: string[], log: Log, lockFile?: string): void {
  for (let attempt = 1; ; attempt++) {
    emptyFolderWith(dir, packageJson);
    log("downloading and unpacking n8n's packages (about 2,000)");
    try {
      if (lockFile) {
        copyFileSync(lockFile, join(dir, 'package-lock.json'));
        npm(['ci', '--no-audit', '--no-fund', '--loglevel=error', ...args], dir);
      } else npm(['install', ...quietInstall, ...args], dir);
      return;
    } catch (error) {
      if (attempt === INSTALL_ATTEMPTS) throw error;
      log(
        `npm install failed (attempt ${attempt} of ${INSTALL_ATTEMPTS}), trying again from an empty folder:\n${String(error)}`,
      );
    }
  }
}

/** Installs a Node from the registry into the cache (CACHE_DIR) once, for tools that need a newer Node than ours. */
export function ensureNode(version: string, log: Log): { headers: string; bin: string } {
  const dir = join(CACHE_DIR, `node-${version}`);
  const bin = join(dir, 'node_modules', 'node', 'bin', 'node');
  // The `node` package installs the binary and headers through a platform package of its own.
  const headers = join(
    dir,
    'node_modules',
    'node',
    'node_modules',
    `node-${process.platform}-${process.arch}`,
  );
  const ready = () => existsSync(join(dir, '.ready'));
  if (ready()) return { headers, bin };
  withInstallLock(`node-${version}`, log, () => {
    if (ready()) return;
    log(`installing Node ${version} from the npm registry`);
    freshInstall(dir, { private: true }, [`node@${version}`], log);
    writeFileSync(join(dir, '.ready'), version);
  });
  return { headers, bin };
}

const INSTALL_ARGS = ['--omit=dev', '--ignore-scripts'];

/** The folder's manifest: n8n at its exact version, with the line's overrides. */
function n8nPackageJson(line: N8nLine): object {
  const spec = N8N_LINES[line];
  return { private: true, dependencies: { n8n: spec.version }, overrides: spec.overrides };
}

/**
 * Writes the lockfile a line installs from: resolving n8n's two thousand dependencies took most
 * of an install (six minutes of a loaded CI's critical path, for 70 s of CPU), and a lockfile
 * also keeps a new release of one of them from changing what the tests run on.
 */
export function lockN8n(line: N8nLine, log: Log): string {
  const dir = join(CACHE_DIR, `n8n-lock-${N8N_LINES[line].version}`);
  emptyFolderWith(dir, n8nPackageJson(line));
  log(`resolving n8n ${N8N_LINES[line].version}'s dependencies`);
  npm(
    ['install', '--package-lock-only', '--no-audit', '--no-fund', '--loglevel=error', ...INSTALL_ARGS],
    dir,
  );
  const target = lockFileOf(N8N_LINES[line].version);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(join(dir, 'package-lock.json'), target);
  rmSync(dir, { recursive: true, force: true });
  return target;
}

/**
 * Installs n8n of one line into the cache (CACHE_DIR) once and describes it. Both lines install with
 * --ignore-scripts, because install scripts reach the internet; sqlite3 is then rebuilt against
 * the Node that will run it.
 */
export function ensureN8n(
  line: N8nLine | number,
  log: Log = (m) => console.log(`[n8n ${line}.x] ${m}`),
): Runtime {
  if (!isN8nLine(line)) throw new Error(`unknown n8n line ${line}; use one of ${Object.keys(N8N_LINES)}`);
  const spec = N8N_LINES[line];
  const node = spec.node ? ensureNode(spec.node, log) : { headers: null, bin: process.execPath };
  const dir = join(CACHE_DIR, `n8n-${spec.version}`);
  const bin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
  const stamp = JSON.stringify(spec);
  const readyFile = join(dir, '.ready');
  const ready = () => existsSync(readyFile) && readFileSync(readyFile, 'utf8') === stamp;
  if (!ready())
    withInstallLock(`n8n-${spec.version}`, log, () => {
      if (ready()) return;
      log(`installing n8n ${spec.version} into ${CACHE_DIR} (4 to 25 minutes, once per machine)`);
      const started = Date.now();
      const lockFile = lockFileOf(spec.version);
      if (existsSync(lockFile)) freshInstall(dir, n8nPackageJson(line), INSTALL_ARGS, log, lockFile);
      else freshInstall(dir, n8nPackageJson(line), [...INSTALL_ARGS, `n8n@${spec.version}`], log);
      log(
        'rebuilding sqlite3 for the Node that runs n8n (compiled from source, minutes, where no prebuilt binary downloads)',
      );
      const buildEnv = { ...process.env };
      if (node.headers) {
        buildEnv.npm_config_nodedir = node.headers;
        buildEnv.PATH = [dirname(node.bin), process.env.PATH].join(delimiter);
      }
      npm(['rebuild', 'sqlite3'], dir, buildEnv);
      writeFileSync(readyFile, stamp);
      log(`installed in ${Math.round((Date.now() - started) / 1000)} s`);
    });
  return { line, version: spec.version, node: node.bin, bin };
}

/** Whether a line is already in the cache, for callers that must not install (the benchmarks). */
export function n8nInstalled(line: N8nLine): boolean {
  return existsSync(join(CACHE_DIR, `n8n-${N8N_LINES[line].version}`, '.ready'));
}

/**
 * Installs a line in a child process, so the caller's event loop keeps running (to report
 * progress) during the minutes the first install takes; then describes it as ensureN8n does.
 */
export async function ensureN8nInBackground(line: N8nLine, log: Log): Promise<Runtime> {
  if (!n8nInstalled(line)) {
    const child = spawn(process.execPath, [HARNESS_CLI, 'install', String(line)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // Each step the install names ("rebuilding sqlite3 …") reaches the caller as it starts.
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const each of lines) if (each.trim()) log(each.replace(/^\[n8n \d\.x\] /, ''));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    if (code !== 0)
      throw new Error(`installing n8n ${N8N_LINES[line].version} failed:\n${output.slice(-3000)}`);
  }
  return ensureN8n(line, log);
}
