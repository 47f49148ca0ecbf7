import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { BENCH_KEY } from '../lib/sandbox-process.mjs';
import { median, sideBySide } from '../lib/timing.mjs';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../apps/cli/bin/social-data.js', import.meta.url));
const BARE = fileURLToPath(new URL('./export-child.mjs', import.meta.url));
const PROBE = fileURLToPath(new URL('../lib/rss-probe.mjs', import.meta.url));
const MB = 1024 * 1024;

/** Runs a script in a child of its own with the RSS probe; its CSV's size and its memory. */
async function exportOnce(sandbox, folder, name, args) {
  const output = join(folder, `${name}.csv`);
  const rssFile = join(folder, `${name}.rss.json`);
  const env = {
    ...process.env,
    SOCIAL_DATA_BASE_URL: sandbox.url,
    SOCIAL_DATA_API_KEY: BENCH_KEY,
    BENCH_OUTPUT: output,
    BENCH_RSS_FILE: rssFile,
  };
  await run(process.execPath, ['--import', PROBE, ...args(output)], { env, maxBuffer: 1024 * 1024 });
  const bytes = statSync(output).size;
  rmSync(output);
  const { baseline, peak } = JSON.parse(readFileSync(rssFile, 'utf8'));
  return { bytes, growthMb: (peak - baseline) / MB };
}

/** The CLI's CSV export of a big account against a bare fetch-and-write loop over the same pages. */
export async function measureCliExport({ sandbox, size }) {
  const folder = mkdtempSync(join(tmpdir(), 'bench-cli-'));
  const account = size.exportAccount;
  try {
    const {
      a: bare,
      b: cli,
      ratio,
      last,
      results,
    } = await sideBySide(
      size.exportRounds,
      () => exportOnce(sandbox, folder, 'bare', (output) => [BARE, sandbox.url, account, output]),
      () =>
        exportOnce(sandbox, folder, 'cli', (output) => [
          CLI,
          'user',
          'followers',
          account,
          '--all',
          '--page-size',
          '200',
          '--format',
          'csv',
          '--quiet',
          '-o',
          output,
        ]),
    );
    if (last.a.bytes !== last.b.bytes)
      throw new Error(`the CLI wrote ${last.b.bytes} bytes of CSV, the bare loop ${last.a.bytes}`);
    const followers = size.exportFollowers.toLocaleString('en');
    // The peak depends on when V8 collects, which varies from run to run by 15 MB or more; the
    // median of the rounds is the figure, with the range beside it.
    const growth = (runs) => runs.map((run) => run.growthMb);
    const range = (values) => `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)} MB`;
    const cliGrowth = median(growth(results.b));
    return {
      rows: [
        {
          id: 'cliExport',
          measure: `CLI: ${followers} followers to a CSV file (${(last.b.bytes / MB).toFixed(0)} MB)`,
          value: cli,
          unit: 'ms',
          reference: `bare fetch-and-write loop over the same pages ${bare.toFixed(0)} ms (medians of ${size.exportRounds} pairs, each in a process of its own)`,
          ratio,
          goal: '≤ 1.10',
          met: ratio <= 1.1,
        },
        {
          id: 'cliMemory',
          measure: `CLI: peak RSS growth exporting ${followers} followers`,
          value: cliGrowth,
          unit: 'MB',
          reference: `from the first page written to the peak, median of ${results.b.length} runs (${range(growth(results.b))}); the bare loop: median ${median(growth(results.a)).toFixed(1)} MB (${range(growth(results.a))})`,
          goal: '< 60 MB',
          met: cliGrowth < 60,
        },
      ],
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
