import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { until } from '@social-data/test-support';
import { Bench, finished } from './support/cli';
import type { Result } from './support/cli';

const bench = new Bench();
beforeAll(() => bench.start());
afterAll(() => bench.close());

const FOLLOWERS = 100_000;

function linesOf(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').filter(Boolean);
}

function recordsSaved(checkpoint: string): number {
  if (!existsSync(checkpoint)) return 0;
  try {
    return (JSON.parse(readFileSync(checkpoint, 'utf8')) as { records: number }).records;
  } catch {
    return 0; // read between the write and the rename of a checkpoint
  }
}

/** Every line once, and exactly as many as the account has followers. */
function expectEveryFollowerOnce(path: string): void {
  const lines = linesOf(path);
  const ids = lines.map((line) => (JSON.parse(line) as { id: string }).id);
  expect(ids).toHaveLength(FOLLOWERS);
  expect(new Set(ids).size).toBe(FOLLOWERS);
  expect(new Set(lines).size).toBe(FOLLOWERS);
}

function exportArgs(name: string): { args: string[]; output: string; checkpoint: string } {
  const output = bench.path(`${name}.jsonl`);
  const checkpoint = bench.path(`${name}.checkpoint.json`);
  return {
    output,
    checkpoint,
    args: [
      'user',
      'followers',
      '@followers_100k',
      '--all',
      '-o',
      output,
      '--checkpoint',
      checkpoint,
      '--retries',
      '0',
    ],
  };
}

/** Starts the export and waits until its checkpoint has passed `records`. */
async function startExport(args: string[], checkpoint: string, records: number) {
  const child = bench.spawn(args);
  const done = finished(child);
  await until(`a checkpoint past ${records} records`, () => recordsSaved(checkpoint) >= records, 60_000);
  return { child, done };
}

/** Runs the export again; stderr says where it resumed, and nothing else (no bar off a terminal). */
async function resumeToTheEnd(args: string[], checkpoint: string): Promise<Result> {
  const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as { records: number; pages: number };
  const result = await bench.run(args);
  expect(result.stderr).toBe(
    `social-data: resuming at record ${saved.records.toLocaleString('en-US')} (page ${saved.pages.toLocaleString('en-US')}) from ${checkpoint}\n`,
  );
  expect(result.code).toBe(0);
  return result;
}

describe('--checkpoint', () => {
  it('after Ctrl-C in the middle of a 100,000-follower export: exits 130 after saving, and the same command ends with every follower exactly once', async () => {
    const { args, output, checkpoint } = exportArgs('sigint');
    const { child, done } = await startExport(args, checkpoint, 20_000);
    child.kill('SIGINT');
    const stopped = await done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain(
      `the checkpoint ${checkpoint} is saved: run the same command to continue`,
    );
    const saved = recordsSaved(checkpoint);
    expect(saved).toBeGreaterThanOrEqual(20_000);
    expect(saved).toBeLessThan(FOLLOWERS);
    expect(existsSync(output)).toBe(false);
    expect(linesOf(`${output}.partial`)).toHaveLength(saved);

    await resumeToTheEnd(args, checkpoint);
    expectEveryFollowerOnce(output);
    expect(existsSync(checkpoint)).toBe(false);
    expect(existsSync(`${output}.partial`)).toBe(false);
  });

  it('after Ctrl-C without --checkpoint: exits 130, says the file was not written and how to keep what was read', async () => {
    const output = bench.path('unsaved.jsonl');
    const child = bench.spawn(['user', 'followers', '@followers_100k', '--all', '-o', output]);
    const done = finished(child);
    await until('the export under way', () => existsSync(`${output}.partial`), 60_000);
    child.kill('SIGINT');
    const stopped = await done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toBe(
      `social-data: interrupted; ${output} was not written (an export is kept only once complete).\n` +
        'hint: add --checkpoint FILE to keep what was read: the same command then continues after Ctrl-C.\n',
    );
    expect(existsSync(output)).toBe(false);
    expect(existsSync(`${output}.partial`)).toBe(false);
  });

  it('after an injected connection reset: exits 1 with the checkpoint saved, and the same command ends with every follower exactly once', async () => {
    const { args, output, checkpoint } = exportArgs('reset');
    const { done } = await startExport(args, checkpoint, 30_000);
    await bench.control.fault({ fault: 'reset', times: 1, endpoint: 'getUserFollowers' });
    const failed = await done;
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/hint: The connection to the API broke before its answer was complete/);
    expect(failed.stderr).toContain('is saved: run the same command to continue');
    expect(recordsSaved(checkpoint)).toBeLessThan(FOLLOWERS);

    await resumeToTheEnd(args, checkpoint);
    expectEveryFollowerOnce(output);
  });

  it('says no checkpoint is saved when the first page failed, and the same command then starts over', async () => {
    const { args, output, checkpoint } = exportArgs('first-page');
    await bench.control.fault({ fault: 'error-503', times: 10, endpoint: 'getUserFollowers' });
    const failed = await bench.run([...args, '--retries', '0']);
    await bench.control.clearFaults();
    expect(failed.code).toBe(1);
    expect(existsSync(checkpoint)).toBe(false);
    expect(failed.stderr).not.toContain('is saved');
    const again = await bench.run(args);
    expect(again.stderr).not.toContain('resuming');
    expect(again.code).toBe(0);
    expectEveryFollowerOnce(output);
  });

  it('after the process was killed outright (no chance to save): lines past the last checkpoint are cut, none repeats', async () => {
    const { args, output, checkpoint } = exportArgs('killed');
    const { child, done } = await startExport(args, checkpoint, 10_000);
    child.kill('SIGKILL');
    expect((await done).signal).toBe('SIGKILL');
    // What a kill between a page's write and its checkpoint leaves: lines the checkpoint does not
    // count (here a repeat of the last one, and half of another).
    const partial = `${output}.partial`;
    appendFileSync(partial, `${linesOf(partial).at(-1)}\n{"id":"14000000`);

    await resumeToTheEnd(args, checkpoint);
    expectEveryFollowerOnce(output);
  });

  it('refuses a checkpoint of another export, before any request', async () => {
    const { args, checkpoint } = exportArgs('other');
    const { child, done } = await startExport(args, checkpoint, 1_000);
    child.kill('SIGINT');
    await done;
    const result = await bench.run([
      'user',
      'followers',
      '@followers_1k',
      '--all',
      '-o',
      bench.path('other.jsonl'),
      '--checkpoint',
      checkpoint,
    ]);
    expect(result.code).toBe(2);
    // Named as the command that finishes it, which the user can run as it stands.
    expect(result.stderr).toContain(`belongs to another export: social-data ${args.join(' ')}\n`);
  });

  it('says to start over, blaming no flag, when the API no longer takes the place a checkpoint saved', async () => {
    const { args, checkpoint } = exportArgs('expired');
    const { child, done } = await startExport(args, checkpoint, 1_000);
    child.kill('SIGINT');
    await done;
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as Record<string, unknown>;
    writeFileSync(checkpoint, JSON.stringify({ ...saved, startCursor: 'expired|1' }));
    const result = await bench.run(args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`hint: The API no longer takes the place ${checkpoint} saved: delete it`);
    expect(result.stderr).not.toContain('--start-cursor');
  });

  it('resumes a CSV export without a second header, and a --limit counts the records written before', async () => {
    const output = bench.path('limit.csv');
    const checkpoint = bench.path('limit.checkpoint.json');
    const args = [
      'user',
      'followers',
      '@followers_100k',
      '--limit',
      '50000',
      '--format',
      'csv',
      '-o',
      output,
      '--checkpoint',
      checkpoint,
    ];
    const { child, done } = await startExport(args, checkpoint, 5_000);
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
    // A --limit below what the export already holds cannot be met: refused, the checkpoint kept.
    const below = await bench.run(args.map((arg) => (arg === '50000' ? '10' : arg)));
    expect(below.code).toBe(2);
    expect(below.stderr).toMatch(
      /^social-data: --limit 10: the export this checkpoint resumes already holds [\d,]+ records\./,
    );
    expect(below.stderr).toMatch(/\nhint: Give --limit \d+ or more \(or --all\), or delete /);
    // With --all given already, the way out is to leave the bound out.
    const withAll = await bench.run([...args.map((arg) => (arg === '50000' ? '10' : arg)), '--all']);
    expect(withAll.stderr).toMatch(/\nhint: Give --limit \d+ or more \(or leave --limit out\), or delete /);
    await resumeToTheEnd(args, checkpoint);
    const text = readFileSync(output, 'utf8');
    const header = text.slice(0, text.indexOf('\n'));
    expect(text.split('\n').filter((line) => line === header)).toHaveLength(1);
    const rows = parse(text, { columns: true }) as Array<{ id: string }>;
    expect(rows).toHaveLength(50_000);
    expect(new Set(rows.map((row) => row.id)).size).toBe(50_000);
  });

  it('resumes a JSON export into one valid array', async () => {
    const output = bench.path('resumed.json');
    const checkpoint = bench.path('json.checkpoint.json');
    const args = [
      'user',
      'followers',
      '@followers_100k',
      '--limit',
      '30000',
      '--format',
      'json',
      '-o',
      output,
      '--checkpoint',
      checkpoint,
    ];
    const { child, done } = await startExport(args, checkpoint, 5_000);
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
    await resumeToTheEnd(args, checkpoint);
    const records = JSON.parse(readFileSync(output, 'utf8')) as Array<{ id: string }>;
    expect(records).toHaveLength(30_000);
    expect(new Set(records.map((record) => record.id)).size).toBe(30_000);
  });
});
