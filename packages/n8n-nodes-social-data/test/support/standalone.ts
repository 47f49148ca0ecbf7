import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

import { ensureTools } from '@social-data/n8n-harness';

const packageDir = join(__dirname, '..', '..');

export interface Run {
  code: number | null;
  stdout: string;
  output: string;
  ms: number;
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');

/**
 * The environment a user's shell would give: jest's NODE_ENV=test changes what
 * eslint-plugin-n8n-nodes-base reports, so it is left out.
 */
function userEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const environment = { ...process.env, ...env };
  delete environment.NODE_ENV;
  delete environment.JEST_WORKER_ID;
  return environment;
}

/** Runs a command and keeps its output (without colour codes) and how long it took. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    env: userEnvironment(env),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 600_000,
  });
  const stdout = plain(result.stdout);
  return { code: result.status, stdout, output: stdout + plain(result.stderr), ms: Date.now() - started };
}

/**
 * Exports the standalone tree into `out` and gives it its own toolchain: the devDependencies
 * the tree pins, installed once into .cache/ and linked in as its node_modules, as `npm install`
 * in a checkout of that tree would provide them.
 */
export function exportStandalone(out: string): { dir: string; exported: Run } {
  const exported = run(process.execPath, [join(packageDir, 'scripts', 'export.mjs'), out], packageDir);
  if (exported.code !== 0) throw new Error(`export failed:\n${exported.output}`);
  const manifest = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const tools = ensureTools({ name: 'n8n-node-cli-tools', dependencies: manifest.devDependencies });
  symlinkSync(join(tools, 'node_modules'), join(out, 'node_modules'), 'dir');
  return { dir: out, exported };
}

/** `n8n-node` commands pick their package manager from the user agent; this tree uses npm. */
export const asNpm = { npm_config_user_agent: 'npm/10 node/v20' };

export interface LintCount {
  errors: number;
  byRule: Record<string, number>;
  lines: string[];
}

/** ESLint with n8n's config as the scanner runs it: inline `eslint-disable` comments ignored. */
export function lintWithoutInlineConfig(dir: string): LintCount {
  const report = join(dir, '..', 'eslint-report.json');
  const args = [
    'exec',
    '--',
    'eslint',
    '.',
    '--no-inline-config',
    '--format',
    'json',
    '--output-file',
    report,
  ];
  const result = run('npm', args, dir, asNpm);
  if (!existsSync(report)) throw new Error(`eslint wrote no report:\n${result.output}`);
  const files = JSON.parse(readFileSync(report, 'utf8')) as Array<{
    filePath: string;
    messages: Array<{ severity: number; ruleId: string | null; line: number; message: string }>;
  }>;
  const count: LintCount = { errors: 0, byRule: {}, lines: [] };
  for (const file of files)
    for (const message of file.messages.filter(({ severity }) => severity === 2)) {
      count.errors += 1;
      const rule = message.ruleId ?? 'parse';
      count.byRule[rule] = (count.byRule[rule] ?? 0) + 1;
      count.lines.push(`${file.filePath.slice(dir.length + 1)}:${message.line} ${rule}`);
    }
  return count;
}
