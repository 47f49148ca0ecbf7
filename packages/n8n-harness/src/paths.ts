import { join } from 'node:path';

/** The repository root, the same from src/ (tests) and dist/ (scripts). */
export const REPO_ROOT = join(__dirname, '..', '..', '..');

/** Where the n8n and Node installs are cached between runs; ignored by git. */
export const CACHE_DIR = join(REPO_ROOT, '.cache');

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
