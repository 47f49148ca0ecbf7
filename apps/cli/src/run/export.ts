import {
  ValidationError,
  catalog,
  isPaginated,
  normalizeParams,
  notFoundNotice,
  settleLookup,
  shaperFor,
  stopNotice,
} from '@social-data/core';
import { listSize, readOptions } from '@social-data/core/feeds';
import type {
  BatchLookupId,
  EndpointId,
  PaginatedId,
  SocialDataClient,
  UntypedParams,
} from '@social-data/core';
import { resolve } from 'node:path';
import { openDestination } from '../output/destination';
import type { Destination } from '../output/destination';
import { createFormatter, extraFieldNotice } from '@social-data/core/files';
import type { Format, Formatter } from '@social-data/core/files';
import { readCheckpoint, removeCheckpoint, saveCheckpoint, typedCommand } from './checkpoint';
import type { Checkpoint } from './checkpoint';
import {
  EXIT,
  InputsFailed,
  Interrupted,
  UsageError,
  describe,
  exitCodeOf,
  stopsEveryInput,
} from './failure';
import { count } from './numbers';
import { checkDistinct, checkWritable } from './writable';
import { createProgress, progressEnabled } from './progress';
import type { Progress, ProgressChoice } from './progress';

export interface OutputOptions {
  format: Format;
  simplify?: boolean;
  output?: string;
  progress: ProgressChoice;
}

/** One run of the endpoint: its parameters, and how stderr names it when it fails ("@name"). */
export interface Input {
  params: UntypedParams;
  label?: string;
  /**
   * What each record of this run carries in its `input` field: the value as given, when the
   * command was given its values as a list (several, `-` or `--input`), so one output of many
   * accounts says whose each record is.
   */
  tag?: string;
}

/** The field a record of a list of inputs names its input in: last, so a CSV's columns keep their places. */
const INPUT_FIELD = 'input';

const tagged = (shape: Shape, tag: string | undefined): Shape =>
  tag === undefined ? shape : (record) => ({ ...(shape(record) as object), [INPUT_FIELD]: tag });

export interface PagingOptions {
  all?: boolean;
  limit?: number;
  maxPages?: number;
  startCursor?: string;
  pageSize?: number;
  checkpoint?: string;
  /** Stop at the first input that fails, as the CLI did before it went on past them. */
  failFast?: boolean;
  /** The command as typed (`user followers`), which errors name. */
  command?: string;
}

export type Shape = (record: unknown) => unknown;

export function warn(line: string): void {
  // Core's sentences start with a capital; after "warning:" a terminal's line goes on in lower case.
  process.stderr.write(
    `social-data: warning: ${line.replace(/^[A-Z](?=[a-z ])/, (first) => first.toLowerCase())}\n`,
  );
}

/** What the CSV writer reports once: a field the header, made from the first record, lacks. */
export function warnExtraField(field: string): void {
  warn(extraFieldNotice(field, 'Use --format jsonl to keep every field.'));
}

/** Something the user should know that went as it should. */
function note(line: string): void {
  process.stderr.write(`social-data: ${line}\n`);
}

interface Run {
  client: SocialDataClient;
  id: EndpointId;
  destination: Destination;
  formatter: Formatter;
  shape: Shape;
}

/**
 * One paginated export, checkpointed after every page once its records are written: the
 * checkpoint holds core's resume point, so a later run continues with the next record and the
 * output holds each one once. Says whether the API ended it early (it may not be complete).
 */
async function exportPages(
  run: Run,
  params: UntypedParams,
  paging: PagingOptions,
  progressChoice: ProgressChoice,
  saved: Checkpoint | undefined,
  command: string,
): Promise<boolean> {
  const { client, destination, formatter, shape } = run;
  const id = run.id as PaginatedId;
  const done = { records: saved?.records ?? 0, pages: saved?.pages ?? 0 };
  // Without a paging flag a command prints the first page, as the API answers (decision C5).
  const paged = paging.all || paging.limit !== undefined || paging.maxPages !== undefined;
  const remaining = (bound: number | undefined, used: number) =>
    bound === undefined ? undefined : Math.max(0, bound - used);
  const limit = remaining(paging.limit, done.records);
  const maxPages = paged ? remaining(paging.maxPages, done.pages) : 1;
  if (limit === 0 || maxPages === 0) return false;
  // The next page is on the wire while this one is written; never past --limit or --max-pages.
  const pages = client.paginateUntyped(id, params, {
    ...readOptions(id, {
      limit,
      maxPages,
      pageSize: paging.pageSize,
      startCursor: saved ? undefined : paging.startCursor,
    }),
    // A resumed export starts where its checkpoint stands, a place the run kept, not a flag.
    ...(saved ? { startCursor: saved.startCursor, skip: saved.skip } : {}),
  });
  if (saved)
    note(
      `resuming at record ${count(saved.records)} (page ${count(saved.pages)}) from ${paging.checkpoint ?? 'the checkpoint'}`,
    );
  const typed = typedCommand();
  const shown = progressEnabled(progressChoice);
  // A profile's follower or following count is the total a progress bar can show for its pages.
  let total = shown ? (await listSize(client, id, params))?.size : undefined;
  if (total !== undefined && paging.limit !== undefined) total = Math.min(total, paging.limit);
  const started = Date.now();
  const progress: Progress = await createProgress(progressChoice, total, Date.now, done.records);
  try {
    progress.update(done.records, done.pages);
    // eachPage, not `for await`: the loop would keep each page alive while the next is parsed.
    await pages.eachPage((page) => {
      destination.write(formatter.write(page.records.map(shape)));
      done.records += page.records.length;
      done.pages += 1;
      const point = pages.resumePoint();
      if (paging.checkpoint && point)
        saveCheckpoint(paging.checkpoint, {
          v: 1,
          command,
          typed,
          startCursor: point.startCursor,
          skip: point.skip,
          records: done.records,
          pages: done.pages,
          bytes: destination.bytes,
          format: formatter.state(),
        });
      progress.update(done.records, done.pages);
    });
  } finally {
    progress.stop();
  }
  const stopNote = stopNotice(pages.stopReason);
  if (stopNote) warn(stopNote);
  // Where a bar was drawn and cleared, one line says what the export did.
  if (shown) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const resumed = saved ? `, ${count(done.records - saved.records)} of them in this run` : '';
    // The bar's total came from the profile: a list that ended short of it is worth a look, said
    // rather than taken for a failure, since a profile's count and its list need not agree.
    const short =
      pages.stopReason === 'end' && paging.limit === undefined && total !== undefined && done.records < total
        ? `; the list ended there, where the profile counts ${count(total)}`
        : '';
    note(`${count(done.records)} records in ${count(done.pages)} pages${resumed} (${seconds} s)${short}`);
  }
  return stopNote !== undefined;
}

/**
 * A batch lookup keeps what it found; ids that do not exist are named and are no failure (as on
 * every surface, decision N19); the ids that failed are named, and the run fails after.
 */
async function lookup(run: Run, params: UntypedParams): Promise<Error | undefined> {
  const id = run.id as BatchLookupId;
  const settled = settleLookup(id, params, await run.client.lookupUntyped(id, params));
  run.destination.write(run.formatter.write(settled.records.map(run.shape)));
  const missing = notFoundNotice(settled.notFound);
  if (missing) warn(missing);
  for (const failure of settled.failures)
    warn(
      `${failure.ids.length} ids failed (${failure.ids.slice(0, 3).join(', ')}…): ${failure.error.message}`,
    );
  return settled.failures[0]?.error;
}

async function single(run: Run, params: UntypedParams): Promise<void> {
  const record = await run.client.callUntyped(run.id, params);
  run.destination.write(run.formatter.write([run.shape(record)]));
}

/**
 * A resumed export already holds what its checkpoint counts: a --limit or --max-pages below that
 * cannot be met, and finishing the file would hand over more than was asked for.
 */
function refuseBoundsBelow(saved: Checkpoint, paging: PagingOptions): void {
  const bounds = [
    ['--limit', paging.limit, saved.records, 'records'],
    ['--max-pages', paging.maxPages, saved.pages, 'pages'],
  ] as const;
  for (const [flag, bound, done, noun] of bounds)
    if (bound !== undefined && done > bound)
      throw new UsageError(
        `${flag} ${bound}: the export this checkpoint resumes already holds ${count(done)} ${noun}.`,
        `Give ${flag} ${done} or more${paging.all ? ` (or leave ${flag} out)` : ' (or --all)'}, or delete ${paging.checkpoint ?? 'the checkpoint'} to start over.`,
      );
}

/** What a checkpoint must match: the endpoint, its inputs as core normalized them, and the output. */
function commandKey(id: EndpointId, params: UntypedParams, output: OutputOptions): string {
  return JSON.stringify({
    endpoint: id,
    params: normalizeParams(id, params),
    format: output.format,
    simplify: output.simplify === true,
    output: output.output === undefined ? '-' : resolve(output.output),
  });
}

/**
 * Runs an endpoint once per set of inputs (one set per account, list... given), writing every
 * record to one output. Every set is checked by core before the first request. An input that
 * fails is named on stderr and the others run (unless `failFast`, or the failure would meet every
 * input: a rejected key); the run then fails at the end, naming them. An export the API ended
 * early is written, and the run exits 3. No input at all (an empty
 * pipe) writes an empty output and succeeds.
 */
export async function runEndpoint(
  client: SocialDataClient,
  id: EndpointId,
  given: readonly Input[],
  output: OutputOptions,
  paging: PagingOptions,
): Promise<void> {
  const inputs = given.map((input) => input.params);
  for (const params of inputs) normalizeParams(id, params);
  const paginated = isPaginated(id);
  if (paging.checkpoint && (!paginated || inputs.length !== 1))
    throw new UsageError(
      '--checkpoint resumes one paginated export.',
      paginated
        ? 'Give one account, list or community per checkpointed run.'
        : 'Leave --checkpoint off here.',
    );
  if (output.output !== undefined && output.output !== '-') checkWritable('--output', output.output);
  if (paging.checkpoint) checkWritable('--checkpoint', paging.checkpoint);
  checkDistinct([
    ['--output', output.output],
    ['--checkpoint', paging.checkpoint],
  ]);
  const command = paging.checkpoint ? commandKey(id, inputs[0]!, output) : '';
  const saved = paging.checkpoint ? readCheckpoint(paging.checkpoint, command) : undefined;
  if (saved) refuseBoundsBelow(saved, paging);
  if (saved && output.output === undefined)
    warn(
      'resuming onto stdout: records written after the last checkpoint of a killed run may repeat; use --output FILE to have them cut off',
    );
  const destination = openDestination(output.output, { resumeBytes: saved?.bytes });
  const formatter = createFormatter(output.format, saved?.format, warnExtraField);
  const run: Run = { client, id, destination, formatter, shape: shaperFor(id, output.simplify) };
  let failure: Error | undefined;
  let endedEarly = false;
  const failed: string[] = [];
  try {
    for (const { params, label, tag } of given) {
      const one = { ...run, shape: tagged(run.shape, tag) };
      try {
        if (paginated)
          endedEarly =
            (await exportPages(one, params, paging, output.progress, saved, command)) || endedEarly;
        else if (catalog[id].result.kind === 'records') failure ??= await lookup(one, params);
        else await single(one, params);
      } catch (error) {
        if (given.length === 1 || paging.failFast || stopsEveryInput(error)) throw error;
        const name = label ?? `input ${failed.length + 1}`;
        failed.push(name);
        process.stderr.write(
          `${describe(error, client.redact, paging.command).replace(/^social-data: /, `social-data: ${name}: `)}\n`,
        );
      }
    }
    destination.write(formatter.end());
  } catch (error) {
    destination.abandon(paging.checkpoint !== undefined);
    // The API no longer takes the place the checkpoint saved (a cursor that expired): no flag the
    // user gave is at fault, and only starting over helps.
    if (saved && error instanceof ValidationError && error.status !== undefined && error.field === 'cursor')
      error.hint = `The API no longer takes the place ${paging.checkpoint} saved: delete it to start the export over.`;
    if (exitCodeOf(error) === EXIT.interrupted && paginated && !paging.checkpoint && output.output)
      throw new Interrupted(
        `interrupted; ${output.output} was not written (an export is kept only once complete).`,
        'add --checkpoint FILE to keep what was read: the same command then continues after Ctrl-C.',
      );
    throw error;
  }
  destination.finish();
  if (paging.checkpoint) removeCheckpoint(paging.checkpoint);
  if (failed.length > 0) throw new InputsFailed(failed, given.length);
  if (failure) throw failure;
  // Kept, as all the API gave, but a script must not take it for complete (stderr says why).
  if (endedEarly) process.exitCode = EXIT.uncertain;
}
