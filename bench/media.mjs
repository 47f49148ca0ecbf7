#!/usr/bin/env node
// npm run bench:media: only the media download measurement (issue 20), printed, nothing written.
// `--size tiny` for a quick look.
import { parseArgs } from 'node:util';

import { startSandboxProcess } from './lib/sandbox-process.mjs';
import { SIZES } from './lib/sizes.mjs';
import { measureMedia } from './measures/media.mjs';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'full' } } });
const size = SIZES[values.size];
if (!size) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`);
const sandbox = await startSandboxProcess();
try {
  for (const row of (await measureMedia({ sandbox, size })).rows) {
    const goal = row.goal ? ` (goal ${row.goal}: ${row.met ? 'met' : 'NOT met'})` : '';
    console.log(`${row.measure}: ${row.value.toFixed(1)} ${row.unit}${goal}; ${row.reference}`);
  }
} finally {
  await sandbox.stop();
}
