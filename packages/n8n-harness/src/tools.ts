import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { npm } from './install';
import type { Log } from './log';
import { withInstallLock } from './install-lock';
import { CACHE_DIR } from './paths';

/** A set of pinned npm packages that a test runs as tools (n8n's CLI, a registry, a scanner). */
export interface ToolSet {
  name: string;
  dependencies: Record<string, string>;
  overrides?: Record<string, string>;
}

/**
 * Installs a tool set into CACHE_DIR/<name>/ once (again when its versions change) and returns
 * that folder, whose node_modules hold the tools. Install scripts are skipped: they reach the
 * internet, and none of these tools needs one.
 */
export function ensureTools(tools: ToolSet, log: Log = (m) => console.log(`[${tools.name}] ${m}`)): string {
  const dir = join(CACHE_DIR, tools.name);
  const manifest = JSON.stringify(
    { private: true, dependencies: tools.dependencies, overrides: tools.overrides ?? {} },
    null,
    2,
  );
  const readyFile = join(dir, '.ready');
  const ready = () => existsSync(readyFile) && readFileSync(readyFile, 'utf8') === manifest;
  if (!ready())
    withInstallLock(tools.name, log, () => {
      if (ready()) return;
      log(`installing ${Object.keys(tools.dependencies).join(', ')} into ${CACHE_DIR} (once)`);
      const started = Date.now();
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), manifest);
      npm(['install', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts'], dir);
      writeFileSync(readyFile, manifest);
      log(`installed in ${Math.round((Date.now() - started) / 1000)} s`);
    });
  return dir;
}
