import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./memory-child.mjs', import.meta.url));
const MB = 1024 * 1024;

async function growth(sandbox, userName, keep) {
  const { stdout } = await run(process.execPath, ['--expose-gc', CHILD, sandbox.url, userName, keep], {
    maxBuffer: 1024 * 1024,
  });
  const result = JSON.parse(stdout);
  return {
    ...result,
    growthMb: (result.peak - result.baseline) / MB,
    secondHalfMb: (result.peak - result.firstHalfPeak) / MB,
  };
}

/** 4: resident memory while iterating a huge feed without keeping it, and while keeping one. */
export async function measureMemory({ sandbox, size }) {
  const streamed = await growth(sandbox, size.iterateAccount, 'drop');
  const collected = await growth(sandbox, size.collectAccount, 'keep');
  if (streamed.records !== size.iterate || collected.kept !== size.collect)
    throw new Error(`memory runs read ${streamed.records} and kept ${collected.kept} records`);
  return {
    rows: [
      {
        id: 'memoryStream',
        measure: `Memory: iterate ${size.iterate.toLocaleString('en')} followers without keeping them`,
        value: streamed.growthMb,
        unit: 'MB RSS growth',
        reference: `after the first page: ${(streamed.baseline / MB).toFixed(0)} MB; the second half of the run added ${streamed.secondHalfMb.toFixed(1)} MB`,
        goal: '< 50 MB, flat',
        met: streamed.growthMb < 50 && streamed.secondHalfMb < 5,
      },
      {
        id: 'memoryCollect',
        measure: `Memory: collect ${size.collect.toLocaleString('en')} followers`,
        value: collected.growthMb,
        unit: 'MB RSS growth',
        reference: `${((collected.growthMb * MB) / size.collect).toFixed(0)} bytes a record`,
      },
    ],
  };
}
