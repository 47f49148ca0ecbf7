import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./media-child.mjs', import.meta.url));
const MB = 1024 * 1024;

/** Issue 20: resident memory and throughput while downloading media files through core, streamed. */
export async function measureMedia({ sandbox, size }) {
  const { stdout } = await run(
    process.execPath,
    ['--expose-gc', CHILD, sandbox.url, String(size.mediaFiles), String(size.mediaBytes)],
    { maxBuffer: 1024 * 1024 },
  );
  const result = JSON.parse(stdout);
  if (result.files !== size.mediaFiles) throw new Error(`media run downloaded ${result.files} files`);
  const growthMb = (result.peak - result.baseline) / MB;
  // The first file is the warm-up the baseline is taken after; the rest are timed.
  const timedMb = ((result.files - 1) * result.bytes) / MB;
  const each = `${result.files} files of ${(result.bytes / MB).toFixed(0)} MiB`;
  return {
    rows: [
      {
        id: 'mediaMemory',
        measure: `Memory: download ${each} through core (4 at a time)`,
        value: growthMb,
        unit: 'MB RSS growth',
        reference: `after the first file: ${(result.baseline / MB).toFixed(0)} MB; the second half of the run added ${((result.peak - result.firstHalfPeak) / MB).toFixed(1)} MB; streamed and hashed, nothing kept`,
        goal: '< 50 MB',
        met: growthMb < 50,
      },
      {
        id: 'mediaThroughput',
        measure: `Media download throughput, ${each}`,
        value: timedMb / result.seconds,
        unit: 'MiB/s',
        reference: `${timedMb.toFixed(0)} MiB in ${result.seconds.toFixed(1)} s over loopback`,
      },
    ],
  };
}
