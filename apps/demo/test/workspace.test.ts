import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** Every workspace package folder, as pnpm-workspace.yaml lists them (`dir` or `dir/*`). */
function workspaceDirs(): string[] {
  const patterns = [
    ...readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s*- (\S+)$/gm),
  ].map((match) => match[1]!);
  return patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(ROOT, pattern.slice(0, -2))).map((name) => join(pattern.slice(0, -2), name))
      : [pattern],
  );
}

describe('the workspace', () => {
  // pnpm links bins at install time and warns "Failed to create bin" for a target not built yet.
  it('links no bin into a dist/ a fresh clone has not built, so pnpm install stays quiet', () => {
    const bins = workspaceDirs()
      .filter((dir) => existsSync(join(ROOT, dir, 'package.json')))
      .flatMap((dir) => {
        const { bin } = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as {
          bin?: string | Record<string, string>;
        };
        const targets = typeof bin === 'string' ? [bin] : Object.values(bin ?? {});
        return targets.map((target) => join(dir, target));
      });
    expect(bins.filter((target) => /(^|\/)dist\//.test(target))).toEqual([]);
  });
});
