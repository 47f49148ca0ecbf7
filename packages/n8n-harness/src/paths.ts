import { join } from 'node:path';

/** The repository root, the same from src/ (tests) and dist/ (scripts). */
export const REPO_ROOT = join(__dirname, '..', '..', '..');

/** Where the n8n and Node installs are cached between runs; ignored by git. */
export const CACHE_DIR = join(REPO_ROOT, '.cache');

/** The built community package every n8n here loads. */
export const NODE_PACKAGE_DIR = join(REPO_ROOT, 'packages', 'n8n-nodes-social-data');

export const READ_EXECUTIONS_SCRIPT = join(__dirname, '..', 'scripts', 'read-executions.cjs');

export const READ_POSTGRES_EXECUTIONS_SCRIPT = join(
  __dirname,
  '..',
  'scripts',
  'read-postgres-executions.cjs',
);

/** The built `social-data-n8n` command, which installs in a child process. */
export const HARNESS_CLI = join(REPO_ROOT, 'packages', 'n8n-harness', 'dist', 'cli.js');
