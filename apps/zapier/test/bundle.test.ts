import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';

const root = join(__dirname, '..');

describe('the build Zapier uploads', () => {
  it('is one file with core inlined, needing only zapier-platform-core', () => {
    const bundle = readFileSync(join(root, 'dist', 'index.js'), 'utf8');
    const required = [...bundle.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]);
    // Node's own modules come with Node (the bundler may drop their `node:` prefix).
    expect(required.filter((name) => !isBuiltin(name!))).toEqual(['zapier-platform-core']);
  });

  it('exports the app itself, as Zapier requires it, and that app validates', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const built = require(join(root, 'build', 'index.js')) as { version?: string; triggers?: object };
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(built.version).toBe(manifest.version);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { createAppHandler } = require('zapier-platform-core') as {
      createAppHandler(app: unknown): (event: object) => Promise<{ results: unknown[] }>;
    };
    expect((await createAppHandler(built)({ command: 'validate', calledFromCli: true })).results).toEqual([]);
  });

  it('has a package.json whose only dependency is zapier-platform-core, pinned', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'build', 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({ main: 'index.js', dependencies: { 'zapier-platform-core': '19.1.0' } });
    expect(Object.keys(manifest.dependencies)).toEqual(['zapier-platform-core']);
    expect(existsSync(join(root, 'build', 'index.js'))).toBe(true);
  });
});

describe('the README', () => {
  it("lists every step as the built app has them (run 'pnpm docs' to refresh it)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { README, withTable } = require('../scripts/steps-table.cjs') as {
      README: string;
      withTable(readme: string): string;
    };
    const readme = readFileSync(README, 'utf8');
    // Prettier pads the table's columns; only the cells matter.
    const cells = (text: string) => text.replace(/ *\| */g, '|').replace(/\|-+/g, '|-');
    expect(cells(readme)).toBe(cells(withTable(readme)));
  });
});
