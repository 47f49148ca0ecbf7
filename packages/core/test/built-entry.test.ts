import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * n8n's community-package scanner rejects these globals in a bundled node, and the n8n package
 * bundles core's main entry. The test reads the build (turbo builds before it tests).
 */
const BANNED = ['setTimeout', 'setInterval', 'process', 'globalThis', 'console'];
const dist = join(__dirname, '..', 'dist');

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
