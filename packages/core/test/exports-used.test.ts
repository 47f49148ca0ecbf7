import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import * as agent from '../src/agent';
import * as feeds from '../src/feeds';
import * as files from '../src/files';
import * as main from '../src/index';
import * as media from '../src/media';
import * as node from '../src/node';
import { SocialDataError } from '../src/index';

/**
 * Every value an entry of core exports is used by a package outside core (issue 39: "core's main
 * entry exports what other packages use, and no more"), so a helper made public for one test or
 * left behind by a fold shows here rather than in the API report only. The one exception is an
 * error class: the client throws it, and a host tells failures apart by it, whether or not one
 * of ours does yet. Types are left to the API report: they are needed wherever an exported
 * signature names them.
 */
const ROOT = join(__dirname, '..', '..', '..');
const SKIPPED = new Set(['node_modules', 'dist', '.turbo', '.cache', 'coverage', '.git']);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sources(path);
    return /\.(?:[cm]?ts|[cm]?js)$/.test(entry.name) ? [path] : [];
  });
}

/** The names each entry of core is imported (or re-exported) by, in every file outside core. */
function importedNames(): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const outside = ['apps', 'packages', 'first-steps', 'reliability', 'queue-mode', 'bench', 'scripts']
    .flatMap((top) => sources(join(ROOT, top)))
    .filter((path) => !relative(ROOT, path).startsWith(join('packages', 'core')));
  // By the package's name, or (the bench, which runs the built files) by a relative path into its
  // dist, statically or as `const { … } = await import(…)`.
  const statement =
    /(?:(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from|const\s*\{([^}]*)\}\s*=\s*await\s+import\()\s*['"](?:@social-data\/core(\/\w+)?|(?:\.\.\/)+packages\/core\/dist\/(\w+)\.js)['"]/g;
  for (const path of outside)
    for (const [, listed, destructured, named, file] of readFileSync(path, 'utf8').matchAll(statement)) {
      const entry = named ?? (file === undefined || file === 'index' ? '' : `/${file}`);
      const set = used.get(entry) ?? new Set<string>();
      for (const name of (listed ?? destructured ?? '').split(',')) {
        const bare = name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+|\s*:\s*/)[0];
        if (bare) set.add(bare);
      }
      used.set(entry, set);
    }
  return used;
}

const isErrorClass = (value: unknown) =>
  typeof value === 'function' &&
  (value === SocialDataError || (value as { prototype?: unknown }).prototype instanceof SocialDataError);

const ENTRIES: Array<[string, Record<string, unknown>]> = [
  ['', main],
  ['/feeds', feeds],
  ['/agent', agent],
  ['/media', media],
  ['/node', node],
  ['/files', files],
];

describe('what core exports', () => {
  const used = importedNames();

  it('finds the imports it checks (the scan reads the shells)', () => {
    expect(used.get('')?.has('SocialDataClient')).toBe(true);
    expect(used.get('/feeds')?.has('pollOnce')).toBe(true);
    // The bench's imports of the built entries count too.
    expect(used.get('')?.has('DEFAULT_CONCURRENCY')).toBe(true);
    expect(used.get('/media')?.has('downloadMedia')).toBe(true);
  });

  it.each(ENTRIES.map(([entry, values]) => [`@social-data/core${entry}`, entry, values] as const))(
    '%s exports no value that no other package uses, error classes aside',
    (_name, entry, values) => {
      const unused = Object.keys(values).filter(
        (name) => !used.get(entry)?.has(name) && !isErrorClass(values[name]),
      );
      expect(unused).toEqual([]);
    },
  );
});
