#!/usr/bin/env node
// npm run bench: every measurement side by side against the sandbox on loopback, printed as a
// table and written to bench/results.{json,md,svg}. `--size tiny` is the smoke test's run;
// `--out <dir>` writes elsewhere; `--skip n8n,...` leaves measurements out.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { markdown, svg } from './lib/report.mjs';
import { startSandboxProcess } from './lib/sandbox-process.mjs';
import { SIZES } from './lib/sizes.mjs';
import { measureBatch } from './measures/batch.mjs';
import { measureCliExport } from './measures/cli-export.mjs';
import { measureMedia } from './measures/media.mjs';
import { measureMemory } from './measures/memory.mjs';
import { measureN8n, n8nInstalled } from './measures/n8n.mjs';
import { measurePackages } from './measures/packages.mjs';
import { measureRetries } from './measures/retries.mjs';
import { measureReturnAll } from './measures/return-all.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'full' },
    out: { type: 'string', default: fileURLToPath(new URL('.', import.meta.url)) },
    skip: { type: 'string', default: '' },
  },
});
const size = SIZES[values.size];
if (!size) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
const skip = new Set(values.skip.split(',').filter(Boolean));

const machine = {
  cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.versions.node,
  platform: `${platform()} ${release()}`,
  date: new Date().toISOString(),
};

const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const started = performance.now();
const rows = [];
rows.skipped = [];
const sandbox = await startSandboxProcess();
try {
  const context = { sandbox, size };
  log(`Return All through core and through bare fetch (${size.rounds} rounds each)…`);
  const returnAll = await measureReturnAll(context);
  rows.push(...returnAll.rows);
  context.clientMs = returnAll.clientMs;
  if (skip.has('n8n')) rows.skipped.push('Return All in real n8n (--skip n8n)');
  else if (!n8nInstalled()) rows.skipped.push('Return All in real n8n (not installed: npm test installs it)');
  else {
    log('Return All in real n8n…');
    rows.push(...(await measureN8n(context)).rows);
  }
  log('batch lookups with 20 ms latency…');
  rows.push(...(await measureBatch(context)).rows);
  log('memory…');
  rows.push(...(await measureMemory(context)).rows);
  log('media downloads…');
  rows.push(...(await measureMedia(context)).rows);
  log('package cost…');
  rows.push(...(await measurePackages(context)).rows);
  log('retries under faults…');
  rows.push(...(await measureRetries(context)).rows);
  log(`the CLI's CSV export of ${size.exportFollowers.toLocaleString('en')} followers…`);
  rows.push(...(await measureCliExport(context)).rows);
} finally {
  await sandbox.stop();
}

const results = {
  machine,
  size: values.size,
  seconds: (performance.now() - started) / 1000,
  rows,
  skipped: rows.skipped,
};
mkdirSync(values.out, { recursive: true });
writeFileSync(join(values.out, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
const table = markdown({ machine, size: values.size, rows });
writeFileSync(join(values.out, 'results.md'), table);
writeFileSync(join(values.out, 'results.svg'), svg({ machine, rows }));
console.log(table);
log(`done in ${results.seconds.toFixed(0)} s; results in ${values.out}`);
