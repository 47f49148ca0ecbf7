#!/usr/bin/env node
// Makes every root script work on a machine that has only Node and npm: it provides the pnpm
// version pinned in package.json (installing it into .tools/ when the machine lacks it), installs
// the workspace when the lockfile changed since the last install, then runs the given command
// with pnpm and the workspace binaries on PATH.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager;
const pnpmVersion = pinned.replace(/^pnpm@/, '');
const toolsBin = join(root, '.tools', 'node_modules', '.bin');

const env = {
  ...process.env,
  PATH: [join(root, 'node_modules', '.bin'), toolsBin, process.env.PATH].join(delimiter),
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  COREPACK_ENABLE_STRICT: '0',
};

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function pnpmOnPath() {
  const probe = spawnSync('pnpm', ['--version'], { cwd: root, env, encoding: 'utf8' });
  return probe.status === 0 && probe.stdout.trim() === pnpmVersion;
}

function ensurePnpm() {
  if (pnpmOnPath()) return;
  console.log(`[setup] installing pnpm ${pnpmVersion} into .tools/`);
  mkdirSync(join(root, '.tools'), { recursive: true });
  const status = run('npm', [
    'install',
    '--prefix',
    join(root, '.tools'),
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `pnpm@${pnpmVersion}`,
  ]);
  if (status !== 0 || !pnpmOnPath()) {
    console.error(
      `[setup] could not provide pnpm ${pnpmVersion}; install it with: npm i -g pnpm@${pnpmVersion}`,
    );
    process.exit(1);
  }
}

function ensureDependencies() {
  const lockfile = join(root, 'pnpm-lock.yaml');
  const stamp = join(root, 'node_modules', '.install-stamp');
  const wanted = existsSync(lockfile)
    ? createHash('sha256').update(readFileSync(lockfile)).digest('hex')
    : 'no-lockfile';
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  console.log('[setup] installing workspace dependencies');
  const frozen = process.env.CI && existsSync(lockfile) ? ['--frozen-lockfile'] : [];
  const status = run('pnpm', ['install', ...frozen]);
  if (status !== 0) process.exit(status);
  const installed = existsSync(lockfile)
    ? createHash('sha256').update(readFileSync(lockfile)).digest('hex')
    : 'no-lockfile';
  writeFileSync(stamp, installed);
}

ensurePnpm();
ensureDependencies();
const [command, ...args] = process.argv.slice(2);
if (command) process.exit(run(command, args));
