import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'tsup';

/**
 * n8n's community-package scanner rejects these globals in a bundled node, and the n8n package
 * bundles core's main entry. The test builds the current source with the package's own tsup
 * config (types aside) into a scratch folder, so it never reads a stale dist.
 */
const BANNED = ['setTimeout', 'setInterval', 'process', 'globalThis', 'console'];
const dist = mkdtempSync(join(tmpdir(), 'core-build-'));

beforeAll(async () => {
  const { default: config } = await import('../tsup.config');
  await build({ ...(config as object), dts: false, outDir: dist, silent: true, config: false });
}, 60_000);

afterAll(() => rmSync(dist, { recursive: true, force: true }));

function strippedSource(file: string): string {
  return readFileSync(join(dist, file), 'utf8')
    .replace(/\/\/# sourceMappingURL=.*$/m, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

/** An entry's file and every chunk it reaches: with shared chunks, an entry's code lives in them. */
function reached(entry: string): string[] {
  const files = new Set([entry]);
  for (const file of files)
    for (const [, chunk] of readFileSync(join(dist, file), 'utf8').matchAll(
      /(?:from\s*|require\()["'](?:\.\/)?(chunk-[\w-]+\.c?js)["']/g,
    ))
      files.add(chunk!);
  return [...files];
}

/** The entries a bundled node may take: all but /node. */
const BROWSER_SAFE = ['index', 'feeds', 'agent', 'media', 'files'];

describe('the built entries of core', () => {
  it.each(BROWSER_SAFE.flatMap((entry) => [`${entry}.js`, `${entry}.cjs`]))(
    '%s, and every chunk it reaches, names none of the banned globals',
    (file) => {
      const found = reached(file).flatMap((reach) => {
        const source = strippedSource(reach);
        return BANNED.filter((name) => new RegExp(`\\b${name}\\b`).test(source)).map(
          (name) => `${name} in ${reach}`,
        );
      });
      expect(found).toEqual([]);
    },
  );

  it('the scan would catch a banned global (it reads the node entry, which uses timers)', () => {
    expect(reached('node.js').map(strippedSource).join('\n')).toMatch(/\bsetTimeout\b/);
    // ...and it follows an entry into the chunks that hold its code.
    for (const entry of ['feeds.js', 'feeds.cjs']) expect(reached(entry).length).toBeGreaterThan(1);
  });

  it('the node entry imports the main entry instead of bundling a second copy of it', () => {
    const node = reached('node.cjs').map(strippedSource).join('\n');
    expect(node).toMatch(/require\(["']@social-data\/core["']\)/);
    expect(node).not.toMatch(/class SocialDataClient/);
  });

  it.each(['cjs', 'js'])(
    'the .%s entries share one copy of the classes: an error thrown in /feeds is instanceof the main entry’s',
    async (extension) => {
      const load = (entry: string) =>
        extension === 'cjs'
          ? Promise.resolve(createRequire(__filename)(join(dist, `${entry}.cjs`)) as Record<string, unknown>)
          : (import(join(dist, `${entry}.js`)) as Promise<Record<string, unknown>>);
      const main = await load('index');
      const feeds = await load('feeds');
      const thrown = (() => {
        try {
          (feeds.pollPages as (value: unknown, field: string) => number)('x', 'maxPages');
        } catch (error) {
          return error;
        }
      })();
      expect(thrown).toBeInstanceOf(main.ValidationError as new () => Error);
      const defined = BROWSER_SAFE.filter((entry) =>
        readFileSync(join(dist, `${entry}.${extension}`), 'utf8').includes('class SocialDataError'),
      );
      expect(defined).toEqual([]);
    },
  );
});
