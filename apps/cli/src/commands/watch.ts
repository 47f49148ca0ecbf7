import { mayPassLater, normalizeParams, recordKindOf, shaperFor } from '@social-data/core';
import {
  DEFAULT_POLL_PAGES,
  feedIds,
  feedPages,
  feeds,
  isRemovalFeed,
  pollOnce,
  pollPagesField,
  simplifyField,
  watchOf,
} from '@social-data/core/feeds';
import type { SocialDataClient, UntypedParams } from '@social-data/core';
import type { FeedId } from '@social-data/core/feeds';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { Argument, InvalidArgumentError, Option } from 'commander';
import { closest, distance } from 'fastest-levenshtein';
import type { Command } from 'commander';
import { profileName } from '../config/profile';
import { appendedColumns } from '../output/appended-file';
import { openDestination } from '../output/destination';
import { createFormatter } from '@social-data/core/files';
import { sleep } from '@social-data/core/node';
import type { Formatter } from '@social-data/core/files';
import type { Destination } from '../output/destination';
import { clientFor } from '../run/client';
import { warn, warnExtraField } from '../run/export';
import { EXIT, UsageError, describe, exitCodeOf } from '../run/failure';
import type { FieldNames } from '../run/failure';
import { onInterrupt } from '../run/interrupt';
import { checkDistinct, checkWritable } from '../run/writable';
import { lockState } from '../run/state-lock';
import type { StateLock } from '../run/state-lock';
import { milliseconds } from '../run/numbers';
import { reportFailure } from './action';
import { feedName, fieldNames, positionalParam } from './names';
import { addConnectionOptions, addOutputOptions, flagOf } from './options';
import type { CommonOptions } from './options';

interface WatchOptions extends CommonOptions {
  state: string;
  interval?: number;
  maxPages?: number;
}

function readStateFile(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new UsageError(`The state file ${path} is not valid JSON.`, 'Delete it to start the watch over.');
  }
}

function writeStateFile(path: string, state: unknown): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state)}\n`);
  renameSync(temporary, path);
}

interface Watch {
  client: SocialDataClient;
  feed: FeedId;
  params: UntypedParams;
  /** The profile whose session the watch reads with. */
  session: string;
  options: WatchOptions;
  destination: Destination;
  formatter: Formatter;
}

/**
 * One poll: the feed engine reads what is new since the state file's run (for a removal feed,
 * the accounts that certainly left, looked up by id), the items are written oldest first, and
 * only then is the state saved, so a failed write reports them again rather than never.
 */
async function pollEvent(watch: Watch): Promise<boolean> {
  const { client, feed, params, session, options } = watch;
  const { endpoint } = feeds[feed];
  const shape = shaperFor(endpoint, options.simplify);
  let records: unknown[] = [];
  const polled = await pollOnce({
    feed,
    read: feedPages(client, endpoint, params),
    params,
    session,
    store: {
      get: (key) => {
        const state = readStateFile(options.state);
        // Two watches on one file would each start over at every run and never print a thing.
        const held = (state as { key?: unknown } | undefined)?.key;
        if (held !== undefined && held !== key)
          throw new UsageError(
            `The state file ${options.state} belongs to another watch: ${watchLine(held, options.state)}.`,
            `Give this watch a --state file of its own, or delete ${options.state} to start it over.`,
          );
        return state;
      },
      // A watch that has nothing to remember yet keeps the file it has.
      set: (state) => state && writeStateFile(options.state, state),
    },
    maxPages: options.maxPages ?? DEFAULT_POLL_PAGES,
    pagesSetting: '--max-pages',
    client,
    shape,
    // The items are written before the state is saved: a failed write reports them again.
    deliver: (found) => {
      records = isRemovalFeed(feed) ? found.lost : found.records.map(shape);
      watch.destination.write(watch.formatter.write(records));
    },
  });
  const { notice } = polled;
  if (notice?.notice === 'partial') warn(notice.message);
  else if (notice)
    warn(
      notice.may_be_missed > 0
        ? `could not be sure of this poll: up to ${notice.may_be_missed} ${isRemovalFeed(feed) ? 'removal(s)' : 'new item(s)'} may be missed. ${notice.message}`
        : `could not be sure of this poll. ${notice.message}`,
    );
  else if (options.verbose) for (const note of polled.notes) warn(note);
  // The first run prints nothing on stdout by design; stderr says why, even when the records go
  // to the terminal (where progress is off), so nobody takes the silence for a fault.
  if (polled.started) {
    if (!options.quiet)
      process.stderr.write(
        `social-data: watching ${feedName(feed)} from now on: the state is saved in ${options.state}, and the next run prints what is new since this one.\n`,
      );
  } else if (options.verbose) process.stderr.write(`social-data: ${records.length} new\n`);
  return notice !== undefined;
}

/** The watch a state file belongs to, as the command that runs it (core's key where it is no watch of ours). */
function watchLine(key: unknown, state: string): string {
  const watch = typeof key === 'string' ? watchOf(key) : undefined;
  if (!watch || !(feedIds as readonly string[]).includes(watch.feed)) return JSON.stringify(key);
  const feed = watch.feed as FeedId;
  const argument = positionalParam(feeds[feed].endpoint)?.[0];
  const value = argument === undefined ? undefined : watch.params[argument];
  // An own-session feed's watch is its profile's: another profile is another watch.
  const { session } = watch.params;
  const profile = typeof session === 'string' ? ` --profile ${session}` : '';
  return `social-data watch ${feedName(feed)}${typeof value === 'string' ? ` ${value}` : ''} --state ${state}${profile}`;
}

function paramsOf(feed: FeedId, values: string[]): UntypedParams {
  const positional = positionalParam(feeds[feed].endpoint);
  if (!positional) {
    if (values.length)
      throw new UsageError(
        `${feedName(feed)} takes no argument.`,
        `Run: social-data watch ${feedName(feed)} --state FILE`,
      );
    return {};
  }
  if (values.length > 1)
    throw new UsageError(
      `watch takes one ${positional[1].displayName.toLowerCase()}; each one needs its own state file.`,
      'Run one watch per account, list or community.',
    );
  return values.length ? { [positional[0]]: values[0] } : {};
}

/** One poll, or a poll every --interval, of one feed, with what the command line gave. */
async function runWatch(
  feed: FeedId,
  values: string[],
  options: WatchOptions,
  fields: FieldNames,
): Promise<void> {
  const name = feedName(feed);
  const interrupt = onInterrupt();
  let client: SocialDataClient | undefined;
  let destination: Destination | undefined;
  let formatter: Formatter | undefined;
  let lock: StateLock | undefined;
  try {
    const endpoint = feeds[feed].endpoint;
    const params = normalizeParams(endpoint, paramsOf(feed, values));
    checkWritable('--state', options.state);
    if (options.output !== undefined && options.output !== '-') {
      checkWritable('--output', options.output, { appends: true });
      // Each run appends its items: one JSON array after another is no JSON a reader takes.
      if (options.format === 'json')
        throw new UsageError(
          '--format json: watch appends each run to --output, and a JSON array cannot grow that way.',
          'Use --format jsonl (one item per line), csv or ids.',
        );
    }
    checkDistinct([
      ['--output', options.output],
      ['--state', options.state],
    ]);
    lock = await lockState(options.state);
    client = clientFor(options, interrupt.signal);
    // Whose session: another profile is another own-session feed.
    const session = profileName(options.profile);
    const appending =
      options.output !== undefined && existsSync(options.output) && statSync(options.output).size > 0;
    // Rows added to a CSV follow its header, also when this run's flags (--simplify) shape
    // records otherwise: a field it lacks is said once, as in any CSV.
    const columns = appending ? appendedColumns(options.output!, options.format, '--output') : undefined;
    destination = openDestination(options.output, { append: true });
    formatter = createFormatter(
      options.format,
      appending ? { started: true, ...(columns ? { columns } : {}) } : undefined,
      warnExtraField,
    );
    const watch: Watch = { client, feed, params, session, options, destination, formatter };
    // A long-running watch outlives an API or network failure, its first poll's too, as a
    // trigger does: the state is unchanged, so the next poll reports what this one could not.
    const poll = () =>
      options.interval === undefined
        ? pollEvent(watch)
        : pollEvent(watch).catch((error: unknown) => {
            // A rejected key or an account that does not exist stays so: only what may pass
            // later (a 5xx, a rate limit, a timeout, a dropped connection) is tried again.
            if (exitCodeOf(error) !== EXIT.failure || !mayPassLater(error)) throw error;
            process.stderr.write(
              `${describe(error, client?.redact, `watch ${name}`, fields)}\nsocial-data: trying again at the next poll.\n`,
            );
            return false;
          });
    // A run that could not be sure says so on stderr and ends with exit code 3, for cron.
    let unsure = await poll();
    while (options.interval !== undefined) {
      await sleep(options.interval, interrupt.signal);
      interrupt.check();
      lock.check();
      unsure = await poll();
    }
    destination.write(formatter.end());
    destination.finish();
    if (unsure) process.exitCode = EXIT.uncertain;
  } catch (error) {
    if (destination && formatter) {
      destination.write(formatter.end());
      destination.finish();
    }
    reportFailure(error, client, undefined, `watch ${name}`, fields);
  } finally {
    await lock?.release();
    interrupt.dispose();
  }
}

/** The feed a name given on the command line stands for; a typo is answered with the nearest name. */
function feedOf(name: string): FeedId {
  const feed = feedIds.find((id) => feedName(id) === name);
  if (feed) return feed;
  const nearest = closest(name, feedIds.map(feedName));
  const near = distance(name, nearest) <= Math.max(2, Math.floor(name.length / 3));
  throw new InvalidArgumentError(
    `There is no feed "${name}".${near ? ` Did you mean ${nearest}?` : ''} Run social-data watch --help for the feeds.`,
  );
}

/** A watch's argument is `<value>`, as its help shows it, whichever input of the feed it stands for. */
function watchFieldNames(command: Command, feed: FeedId): FieldNames {
  const names = fieldNames(command);
  const argument = positionalParam(feeds[feed].endpoint)?.[0];
  return (field) => (field === argument ? '<value>' : names(field));
}

export function addWatchCommand(program: Command): Command {
  const names = feedIds.map(feedName);
  const command = program
    .command('watch')
    .summary('print only what is new since the last run of the same watch')
    .description(
      'Runs the feed engine once (cron-friendly): the first run remembers where the feed stands and prints nothing; every later run prints the items that are new since, oldest first, each once. The state lives in the --state file.',
    )
    .addHelpText(
      'after',
      '\nFeeds:\n' + feedIds.map((id) => `  ${feedName(id).padEnd(22)}${feeds[id].description}`).join('\n'),
    )
    // The choices for help and completion; the parser for a typo's suggestion.
    .addArgument(new Argument('<feed>', 'what to watch').choices(names).argParser(feedOf))
    // Variadic, so that two accounts are refused in this command's words, not as excess arguments.
    .argument(
      '[value...]',
      'the account (@name or URL), list or community the feed belongs to; one per watch',
    )
    .requiredOption('--state <file>', 'where the watch keeps what it has seen between runs')
    .addOption(
      new Option('--interval <seconds>', 'keep running, one poll every N seconds').argParser(milliseconds),
    )
    .addOption(flagOf(pollPagesField()));
  addOutputOptions(
    command,
    simplifyField(feedIds.map((id) => recordKindOf(feeds[id].endpoint))),
    'append new items to FILE instead of stdout',
  );
  addConnectionOptions(command);
  command.action(async (feed: FeedId, values: string[], options: WatchOptions) =>
    runWatch(feed, values, options, watchFieldNames(command, feed)),
  );
  return command;
}
