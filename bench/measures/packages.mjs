import { execFile } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { median } from '../lib/timing.mjs';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const N8N_PACKAGE = join(ROOT, 'packages', 'n8n-nodes-social-data');
const ZAPIER_BUNDLE = join(ROOT, 'apps', 'zapier', 'build', 'index.js');

function jsFiles(directory) {
  return readdirSync(directory, { recursive: true })
    .map((entry) => join(directory, entry))
    .filter((path) => path.endsWith('.js') && statSync(path).isFile());
}

// n8n has n8n-workflow loaded long before it reads community packages, so only the package's
// own files are timed.
const REQUIRE_TIMER = `
const { createRequire } = require('node:module');
const load = createRequire(process.argv[1] + '/package.json');
load('n8n-workflow');
const started = performance.now();
for (const file of process.argv.slice(2)) load(file);
process.stdout.write(String(performance.now() - started));
`;

/** 5: what the packages weigh, and what loading the n8n package adds to n8n's start-up. */
export async function measurePackages({ size }) {
  const n8nFiles = jsFiles(join(N8N_PACKAGE, 'dist'));
  const n8nBytes = n8nFiles.reduce((sum, path) => sum + statSync(path).size, 0);
  const zapierBytes = statSync(ZAPIER_BUNDLE).size;
  const entries = n8nFiles.filter((path) => /\.(node|credentials)\.js$/.test(path));
  const times = [];
  for (let index = 0; index < size.requireRuns; index += 1) {
    const { stdout } = await run(process.execPath, ['-e', REQUIRE_TIMER, N8N_PACKAGE, ...entries]);
    times.push(Number(stdout));
  }
  const requireMs = median(times);
  return {
    rows: [
      {
        id: 'n8nBytes',
        measure: `n8n package: built JS (${n8nFiles.length} files, core bundled in each node)`,
        value: n8nBytes / 1024,
        unit: 'KiB',
      },
      {
        id: 'zapierBytes',
        measure: 'Zapier app: bundle Zapier uploads',
        value: zapierBytes / 1024,
        unit: 'KiB',
      },
      {
        id: 'n8nRequire',
        measure: `n8n package: cold require of its ${entries.length} entry files (median of ${times.length})`,
        value: requireMs,
        unit: 'ms',
        goal: '< 50 ms',
        met: requireMs < 50,
      },
    ],
  };
}
