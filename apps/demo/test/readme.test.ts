import { catalog } from '@social-data/core';
import { feedIds, feeds } from '@social-data/core/feeds';
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

  it('has the endpoints and feeds tables the catalogs and the built integrations give (npm run docs updates them)', () => {
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

  it('names every trigger event of the feed catalog, the new events and filters with it', () => {
    const table = readme.slice(readme.indexOf('<!-- feeds:start -->'), readme.indexOf('<!-- feeds:end -->'));
    const rows = table
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| Event') && !line.startsWith('| -'));
    expect(rows.map((row) => row.split('|')[1]!.trim())).toEqual(feedIds.map((id) => feeds[id].displayName));
    expect(rows.filter((row) => row.includes('removals the trigger is sure of'))).toHaveLength(4);
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
