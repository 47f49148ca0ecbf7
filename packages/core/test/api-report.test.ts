import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The public surface of `@social-data/core` and of each of its entries (`/feeds`, `/agent`, `/media`,
 * `/node`, `/files`) is pinned by the API
 * reports in `api/` (API Extractor, from the built declarations). A change to what the package
 * exports fails here until it is reviewed: run `npm run api-report` in packages/core and commit
 * the reports with the change (issue 39).
 */
const PACKAGE = join(__dirname, '..');
const EXTRACTOR = join(PACKAGE, 'node_modules', '.bin', 'api-extractor');

it.each(['index', 'feeds', 'agent', 'media', 'node', 'files'])(
  'the %s entry exports what its checked-in API report says, and no more',
  (entry) => {
    const run = spawnSync(EXTRACTOR, ['run', '-c', `api-extractor.${entry}.json`], {
      cwd: PACKAGE,
      encoding: 'utf8',
    });
    const said = `${run.stdout}\n${run.stderr}`;
    expect({
      status: run.status,
      changed: /changed the public API|API report file was missing/i.test(said),
    }).toEqual({
      status: 0,
      changed: false,
    });
    // A hang guard for a cold machine, not a speed check (about 5 s each).
  },
  120_000,
);
