import { catalog } from '@social-data/core';
import { REPO_ROOT } from '@social-data/n8n-harness';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { README, withTable } = require('../../../scripts/endpoints-table.cjs') as {
  README: string;
  withTable(readme: string): string;
};

describe('the root README', () => {
  const readme = readFileSync(README, 'utf8');
  // Prettier pads the table's columns; compare the text without the padding.
  const cells = (text: string) => text.replace(/ +/g, '').replace(/-+/g, '-');

  it('has the endpoints table the catalog and the built integrations give (npm run docs updates it)', () => {
    expect(cells(readme)).toBe(cells(withTable(readme)));
  });

  it('names every endpoint of the catalog with its n8n operation', () => {
    const table = readme.slice(
      readme.indexOf('<!-- endpoints:start -->'),
      readme.indexOf('<!-- endpoints:end -->'),
    );
    for (const spec of Object.values(catalog)) {
      const row = table.split('\n').find((line) => line.includes(`${spec.method} ${spec.path}\``));
      expect({ path: spec.path, row: row?.includes('→') }).toEqual({ path: spec.path, row: true });
    }
  });
});

describe('the images of the READMEs', () => {
  it.each(['README.md', 'packages/n8n-nodes-social-data/README.md'])(
    'are all in the repository: %s',
    (relative) => {
      const file = join(REPO_ROOT, relative);
      const images = [...readFileSync(file, 'utf8').matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map(
        (match) => match[1]!,
      );
      const missing = images.filter(
        (image) => !/^https?:/.test(image) && !existsSync(join(dirname(file), image)),
      );
      expect(missing).toEqual([]);
    },
  );
});
