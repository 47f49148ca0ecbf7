import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function files(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('the published package follows the rules for n8n community packages', () => {
  it('is named, tagged and licensed as n8n requires, with n8n-workflow as its only peer', () => {
    expect(manifest.name).toBe('n8n-nodes-social-data');
    expect(manifest.keywords).toContain('n8n-community-node-package');
    expect(manifest.license).toBe('MIT');
    expect(manifest.n8n.strict).toBe(true);
    expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
  });

  it('has no runtime dependencies: core is bundled into dist', () => {
    expect(manifest.dependencies).toBeUndefined();
    const node = readFileSync(join(root, 'dist/nodes/SocialData/SocialData.node.js'), 'utf8');
    expect(node).not.toMatch(/require\(["']@social-data\/core["']\)/);
    expect(node).toContain('SocialDataClient');
  });

  it('ships every file its n8n field, icons and codex point at', () => {
    for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
      expect(existsSync(join(root, file))).toBe(true);
    for (const file of [
      'dist/icons/socialData.svg',
      'dist/icons/socialData.dark.svg',
      'dist/nodes/SocialData/SocialData.node.json',
    ])
      expect(existsSync(join(root, file))).toBe(true);
  });

  it('uses none of the globals n8n rejects in community packages, anywhere in dist', () => {
    const banned = /\b(setTimeout|setInterval|setImmediate|process|globalThis|console)\b/;
    const offending = files(join(root, 'dist'))
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => banned.test(line))
          .map((line) => `${file.slice(root.length + 1)}: ${line.trim().slice(0, 120)}`),
      );
    expect(offending).toEqual([]);
  });
});

describe('the README', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { README, withTable } = require('../scripts/operations-table.cjs');

  it('lists every operation as the node offers it (run `pnpm --filter n8n-nodes-social-data docs` to update)', () => {
    // Prettier pads the table's columns; compare the text without the padding.
    const cells = (text: string) => text.replace(/ +/g, '').replace(/-+/g, '-');
    const readme = readFileSync(README, 'utf8');
    expect(cells(readme)).toBe(cells(withTable(readme)));
  });
});
