#!/usr/bin/env node
// npm run bench: every measurement side by side against the sandbox on loopback, printed as a
// table and written to bench/results.{json,md,svg}. `--size tiny` is the smoke test's run;
// `--out <dir>` writes elsewhere; `--only n8n,batch` runs only those measurements and
// `--skip n8n,...` leaves some out (ids: the keys of MEASURES below).
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
import { measureN8nItems } from './measures/n8n-items.mjs';
import { measureN8nMemory } from './measures/n8n-memory.mjs';
import { measureN8nPeer } from './measures/n8n-peer.mjs';
import { measurePackages } from './measures/packages.mjs';
import { measurePrefetch } from './measures/prefetch.mjs';
import { measureRetries } from './measures/retries.mjs';
import { coreAloneMs, measureReturnAll } from './measures/return-all.mjs';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'full' },
    out: { type: 'string', default: fileURLToPath(new URL('.', import.meta.url)) },
    skip: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
  },
});
const size = SIZES[values.size];
if (!size) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
const list = (text) => new Set(text.split(',').filter(Boolean));
const skip = list(values.skip);
const only = list(values.only);

/**
 * Every measurement in the order it runs. `n8n` marks the ones that start a real n8n, which the
 * bench never installs; `usesCoreMs` the ones that compare with Return All's time through core;
 * `label` names a measurement as it runs or is left out.
 */
const MEASURES = {
  returnAll: {
    label: 'Return All through core and through bare fetch',
    run: async (context) => {
      const result = await measureReturnAll(context);
      context.clientMs = result.clientMs;
      return result;
    },
  },
  prefetch: { label: 'Return All with prefetch against a bare loop', run: measurePrefetch },
  n8n: { label: 'Return All in real n8n', n8n: true, usesCoreMs: true, run: measureN8n },
  n8nPeer: {
    label: "Return All in real n8n against the HTTP Request node and n8n's own helper",
    n8n: true,
    run: measureN8nPeer,
  },
  n8nItems: { label: 'Get User for many input items in real n8n', n8n: true, run: measureN8nItems },
  n8nMemory: {
    label: 'n8n memory: items at three sizes, and a million followers to one file',
    n8n: true,
    run: measureN8nMemory,
  },
  batch: { label: 'batch lookups with 20 ms latency', run: measureBatch },
  memory: { label: 'memory', run: measureMemory },
  media: { label: 'media downloads', run: measureMedia },
  packages: { label: 'package cost', run: measurePackages },
  retries: { label: 'retries under faults', run: measureRetries },
  cliExport: { label: "the CLI's CSV export", run: measureCliExport },
};
for (const id of [...skip, ...only])
  if (!MEASURES[id]) throw new Error(`unknown measurement ${id}; use ${Object.keys(MEASURES).join(', ')}`);

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
  for (const [id, measure] of Object.entries(MEASURES)) {
    if (only.size && !only.has(id)) continue;
    if (skip.has(id)) {
      rows.skipped.push(`${measure.label} (--skip ${id})`);
      continue;
    }
    if (measure.n8n && !n8nInstalled()) {
      rows.skipped.push(`${measure.label} (n8n not installed: npm test installs it)`);
      continue;
    }
    // --only may have left out Return All, whose time this one compares with.
    if (measure.usesCoreMs && context.clientMs === undefined) context.clientMs = await coreAloneMs(context);
    log(`${measure.label}…`);
    const result = await measure.run(context);
    rows.push(...result.rows);
    rows.skipped.push(...(result.skipped ?? []));
  }
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
