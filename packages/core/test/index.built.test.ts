import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

describe('the built main entry of core', () => {
  it.each(['index.js', 'index.cjs'])('%s names none of the banned globals', (file) => {
    const source = strippedSource(file);
    const found = BANNED.filter((name) => new RegExp(`\\b${name}\\b`).test(source));
    expect(found).toEqual([]);
  });

  it('the scan would catch a banned global (it reads the node entry, which uses timers)', () => {
    expect(strippedSource('node.js')).toMatch(/\bsetTimeout\b/);
  });

  it('the node entry imports the main entry instead of bundling a second copy of it', () => {
    const node = strippedSource('node.cjs');
    expect(node).toMatch(/require\("@social-data\/core"\)/);
    expect(node).not.toMatch(/class SocialDataClient/);
  });
});
