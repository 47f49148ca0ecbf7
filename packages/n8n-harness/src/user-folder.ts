import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NODE_PACKAGE_DIR } from './paths';

/**
 * A throwaway n8n user folder with the built package where n8n looks for installed community
 * packages (`.n8n/nodes/node_modules/<name>`), holding what its `files` field publishes; with
 * `packageDir` null, an empty one, for tests that install the package themselves.
 */
export function createUserFolder(prefix = 'n8n-user-', packageDir: string | null = NODE_PACKAGE_DIR): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  if (packageDir) installPackage(folder, packageDir);
  return folder;
}

/** Copies the built package into a user folder, as `npm install` in ~/.n8n/nodes would. */
export function installPackage(folder: string, packageDir = NODE_PACKAGE_DIR): void {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const target = join(folder, '.n8n', 'nodes', 'node_modules', manifest.name);
  mkdirSync(target, { recursive: true });
  for (const entry of ['package.json', 'dist']) {
    const source = join(packageDir, entry);
    if (!existsSync(source)) throw new Error(`${source} is missing: build the package first`);
    cpSync(source, join(target, entry), { recursive: true });
  }
  writeFileSync(
    join(folder, '.n8n', 'nodes', 'package.json'),
    JSON.stringify({
      name: 'installed-nodes',
      private: true,
      dependencies: { [manifest.name]: manifest.version },
    }),
  );
}
