import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root, the same from src/ (tests) and dist/ (scripts). */
export const REPO_ROOT = join(__dirname, '..', '..', '..');

/**
 * Where the n8n and Node installs are cached between runs: one cache for every clone on the
 * machine (an n8n install takes minutes, issue 40), in the user's cache folder
 * (`$XDG_CACHE_HOME` or `~/.cache`, then `social-data-integrations`). `SOCIAL_DATA_CACHE_DIR`
 * puts it elsewhere, such as a clone's own `.cache` for a run that must install from scratch.
 */
export const CACHE_DIR = process.env.SOCIAL_DATA_CACHE_DIR
  ? resolve(process.env.SOCIAL_DATA_CACHE_DIR)
  : join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'social-data-integrations');

/** The built community package every n8n here loads. */
export const NODE_PACKAGE_DIR = join(REPO_ROOT, 'packages', 'n8n-nodes-social-data');

/** The lockfile each n8n version installs from (`node dist/cli.js lock` writes them). */
export const lockFileOf = (version: string) =>
  join(__dirname, '..', 'locks', `n8n-${version}.package-lock.json`);

export const READ_EXECUTIONS_SCRIPT = join(__dirname, '..', 'scripts', 'read-executions.cjs');

export const READ_POSTGRES_EXECUTIONS_SCRIPT = join(
  __dirname,
  '..',
  'scripts',
  'read-postgres-executions.cjs',
);

/**
 * The built install command, which installs in a child process. Called by path rather than
 * as a package bin, so a fresh `pnpm install` links nothing into a dist/ not built yet.
 */
export const HARNESS_CLI = join(REPO_ROOT, 'packages', 'n8n-harness', 'dist', 'cli.js');
