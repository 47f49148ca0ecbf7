import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from './readme';

interface Listed {
  version: string;
  path: string;
  dependencies?: Record<string, Listed>;
}

/** The root scripts put the pinned pnpm on PATH; a jest run started by hand finds it in .tools/. */
const PNPM = existsSync(join(REPO_ROOT, '.tools', 'node_modules', '.bin', 'pnpm'))
  ? join(REPO_ROOT, '.tools', 'node_modules', '.bin', 'pnpm')
  : 'pnpm';

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command === 'pnpm' ? PNPM : command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.slice(0, 3).join(' ')} … failed in ${cwd}: ${result.error?.message ?? `exit ${result.status}`}\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`,
    );
  return result.stdout;
}

/**
 * The folders of every package a workspace package needs at run time, as pnpm installed them:
 * what npm fetches when a user installs it from the registry.
 */
function runtimeClosure(packageDir: string): Map<string, string> {
  const [root] = JSON.parse(run('pnpm', ['list', '--prod', '--depth', 'Infinity', '--json'], packageDir)) as [
    { dependencies?: Record<string, Listed> },
  ];
  const found = new Map<string, string>();
  const walk = (dependencies: Record<string, Listed> | undefined) => {
    for (const [name, listed] of Object.entries(dependencies ?? {})) {
      const key = `${name}@${listed.version}`;
      if (found.has(key) || listed.version.startsWith('link:')) continue;
      found.set(key, listed.path);
      walk(listed.dependencies);
    }
  };
  walk(root.dependencies);
  return found;
}

/**
 * Tarballs of the workspace packages as `pnpm publish` makes them (workspace versions made
 * real), and of every third-party package they need, packed from the workspace's install, so a
 * registry with no way out can serve a real `npm install` of them.
 */
export function packForRegistry(workspaceDirs: string[], into: string): string[] {
  mkdirSync(into, { recursive: true });
  for (const dir of workspaceDirs) run('pnpm', ['pack', '--pack-destination', into], dir);
  const thirdParty = new Map<string, string>();
  for (const dir of workspaceDirs) for (const [key, path] of runtimeClosure(dir)) thirdParty.set(key, path);
  // As installed, a package's folder holds exactly its published files: packed as npm packs
  // (every file under package/), without npm, whose pack fails on some large trees here
  // ("Exit handler never called" on hono and the MCP SDK). pnpm hard-links files of equal
  // content to one store file, and npm's unpacking drops hard-link entries: each file is
  // archived whole (zod's v4/index.js was missing without it).
  for (const [key, folder] of thirdParty) {
    const file = join(into, `${key.replace(/^@/, '').replace(/[/@]/g, '-')}.tgz`);
    run(
      'tar',
      [
        '-czf',
        file,
        '--hard-dereference',
        '--exclude=./node_modules',
        '--transform',
        's,^\\.,package,',
        '-C',
        folder,
        '.',
      ],
      into,
    );
  }
  return readdirSync(into)
    .filter((file) => file.endsWith('.tgz'))
    .map((file) => join(into, file));
}
