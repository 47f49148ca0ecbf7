import { reportFigures } from '@social-data/test-support';
import { ConnectionError } from '../../../src';
import { pollFeed } from '../../../src/feeds/watch';
import type { FeedPage, ReadPages } from '../../../src/feeds';
import type { WatchOptions } from '../../../src/feeds/reading';
import { positionRequestCap } from '../../../src/feeds/position';
import { workLeft } from '../../support/watch';

/**
 * The position-feed trigger's promise, checked on every history up to a bound rather than on
 * histories a generator happens to draw (decision N29).
 *
 * The invariant: additions only ever appear at the top; below them is the old feed minus what
 * left, in its old order. After every poll:
 *   1. nothing is emitted twice, and nothing old is emitted as new: every emitted id is an
 *      addition since it was last emitted (a new account, or one added again);
 *   2. no removal is reported that did not happen, and none twice;
 *   3. no poll sends more requests than its stated cap;
 *   4. once polls settle, every new account was emitted, or counted in a note that said how
 *      many may be missed;
 *   5. what a poll says of the list's length (`removalsRead`, on which `pollOnce` bases its
 *      partial-list notice) is true, unless the API answered empty where the list goes on (then
 *      no read can know); when that notice is given is tested in poll-once.test.ts.
 *
 * Bound: page size 2 or 3, 1 to 3 pages a poll, removals on and off, a feed of 7 accounts of
 * which the state may keep 6 or all (so remembered stretches end and holes appear), counted on
 * its owner or not (the counter audit of followers and following), ending on its last page of
 * accounts or, as the API's account lists do, on an empty page after a `0|…` cursor, and every
 * history of up to DEPTH steps, each one of: a new account on top; any account ever seen added
 * again on top (a re-follow, from any position, stretch ends included, or back after leaving);
 * any account removed; a poll; a poll whose request number 1, 2 or 3 fails, answers an empty
 * list, or claims more pages without a usable cursor (a stall: a blank or repeated cursor),
 * or after which the host's time runs out (Zapier's 30 s: every walk stops after its next page);
 * a restart from the last saved state. Histories that reach a state already checked with as many
 * steps left or more (the same feed, states and model, up to renaming the ids) are not walked
 * twice, and a world that quiet polls read alike is settled once.
 *
 * One file per page size (`watch.exhaustive.pages-N.test.ts`), so the two run side by side; the
 * root test command runs them before everything else, on a quiet machine (`test:exhaustive`).
 */

const DEPTH = Number(process.env.FEED_EXHAUSTIVE_DEPTH ?? 4);
const WALK_GUARD_MS = 600_000;

type Fault = 'error' | 'empty' | 'stall' | 'time';

interface FaultAt {
  kind: Fault;
  request: number;
}

/** A feed in memory with offset cursors, whose pages can be made to fail. */
class Feed {
  requests = 0;
  fault: FaultAt | undefined;

  constructor(
    readonly pageSize: number,
    public items: string[],
    counts: boolean,
    /** The list ends as the API's account lists do: a `0|…` cursor, then an empty page. */
    readonly emptyEnd = false,
  ) {
    // A follower list: the API counts it on the account, and the poll audits against that.
    if (counts) this.read.count = () => Promise.resolve(this.items.length);
  }

  read: ReadPages<{ id: string }> = Object.assign((cursor: string | undefined) => this.pages(cursor), {
    // Accounts outlive their place in the feed: a lookup by id finds each.
    lookup: (ids: readonly string[]) => Promise.resolve(ids.map((id) => ({ id }))),
    // The host's time runs out once the faulty request has been sent, and stays out.
    more: () => !(this.fault?.kind === 'time' && this.requests >= this.fault.request),
  });

  private async *pages(cursor: string | undefined): AsyncGenerator<FeedPage<{ id: string }>> {
    let offset = cursor === undefined ? 0 : cursor.startsWith('0|') ? Infinity : Number(cursor);
    while (true) {
      this.requests += 1;
      const fault = this.fault?.request === this.requests ? this.fault.kind : undefined;
      if (fault === 'error') throw new ConnectionError('socket hang up');
      if (fault === 'empty' || offset === Infinity) {
        yield { records: [], next_cursor: '', has_next_page: false };
        return;
      }
      const records = this.items.slice(offset, offset + this.pageSize).map((id) => ({ id }));
      offset += this.pageSize;
      const more = offset < this.items.length;
      if (!more && this.emptyEnd && records.length > 0 && fault === undefined) {
        yield { records, next_cursor: `0|${offset}`, has_next_page: true };
        offset = Infinity;
        continue;
      }
      if (fault === 'stall') {
        yield { records, next_cursor: '', has_next_page: false, stalled: true };
        return;
      }
      yield { records, next_cursor: more ? String(offset) : '', has_next_page: more };
      if (!more) return;
    }
  }
}

/** What the trigger owes and may do, as in watch.model.test.ts, with counted uncertainty. */
interface Model {
  /** New accounts not emitted yet: each must be emitted, or counted as possibly missed. */
  owed: Set<string>;
  /** May be emitted once: an account added again (the engine cannot always see the move). */
  optional: Set<string>;
  /** Left the feed since it was last emitted or remembered: may be reported removed, once. */
  gone: Set<string>;
  /** Every account ever in the feed. */
  seen: Set<string>;
  /** What polls said may be missed, added up. */
  counted: number;
}

interface World {
  items: string[];
  live: unknown;
  saved: unknown;
  model: Model;
  nextId: number;
  faults: number;
}

interface Settings {
  pageSize: number;
  maxPages: number;
  removals: boolean;
  maxIds: number | undefined;
  /** The feed is counted on its owner (followers, following): the counter audit runs. */
  counts: boolean;
  /** The list ends on an empty page after a `0|…` cursor, as the API's account lists do. */
  emptyEnd: boolean;
}

type Step =
  | { kind: 'add' }
  | { kind: 'readd'; id: string }
  | { kind: 'remove'; id: string }
  | { kind: 'poll'; fault?: FaultAt }
  | { kind: 'restart' };

const INITIAL = 7;
const FAULTS: Fault[] = ['error', 'empty', 'stall', 'time'];
/** The most requests a poll may send: the cap decision N17 states for position feeds. */
const cap = positionRequestCap;

function clone(world: World): World {
  const { model } = world;
  return {
    ...world,
    items: [...world.items],
    model: {
      owed: new Set(model.owed),
      optional: new Set(model.optional),
      gone: new Set(model.gone),
      seen: new Set(model.seen),
      counted: model.counted,
    },
  };
}

function stepsOf(world: World): Step[] {
  const steps: Step[] = [{ kind: 'add' }, { kind: 'poll' }];
  for (const id of world.model.seen) steps.push({ kind: 'readd', id });
  for (const id of world.items) steps.push({ kind: 'remove', id });
  // One faulty poll a history: every fault on every request of it.
  if (world.faults === 0)
    for (const kind of FAULTS)
      for (const request of [1, 2, 3]) steps.push({ kind: 'poll', fault: { kind, request } });
  if (world.live !== world.saved) steps.push({ kind: 'restart' });
  return steps;
}

class Violation extends Error {}

async function poll(world: World, settings: Settings, fault?: FaultAt): Promise<void> {
  const feed = new Feed(settings.pageSize, world.items, settings.counts, settings.emptyEnd);
  feed.fault = fault;
  const options: WatchOptions = {
    key: 'k',
    order: 'position',
    maxPages: settings.maxPages,
    removals: settings.removals,
    ...(settings.maxIds === undefined ? {} : { maxIds: settings.maxIds }),
  };
  let result;
  try {
    result = await pollFeed(feed.read, world.live, options);
  } catch (error) {
    if (!(error instanceof ConnectionError)) throw error;
    if (feed.requests > cap(settings.maxPages)) throw new Violation(`a failed poll sent ${feed.requests}`);
    return;
  }
  if (process.env.FEED_EXHAUSTIVE_TRACE)
    console.log(
      JSON.stringify({
        items: world.items,
        before: world.live,
        fault,
        emitted: result.records.map((r) => r.id),
        removed: result.removed,
        after: result.state,
        notes: result.notes,
        missed: result.missed,
      }),
    );
  if (feed.requests > cap(settings.maxPages))
    throw new Violation(`a poll sent ${feed.requests} requests, over its cap`);
  // An empty answer where the list goes on is the API saying it ended: no read can tell it from
  // a real end, so that poll's word on the length is the API's (the next poll reads it again).
  if (fault?.kind !== 'empty') tellsLength(result.removalsRead, world.items.length);
  const { model } = world;
  for (const { id } of result.records) {
    if (!model.owed.delete(id) && !model.optional.delete(id))
      throw new Violation(`${id} emitted though it is not new (old, or emitted already)`);
  }
  for (const id of result.removed) {
    if (!model.gone.delete(id)) throw new Violation(`${id} reported removed though it did not leave`);
  }
  model.counted += result.missed ?? 0;
  world.live = result.state;
  if (result.records.length > 0 || result.removed.length > 0 || result.uncertain) world.saved = world.live;
}

/**
 * 5. what a removal read says of the list's length is true: a read taken as the whole list read
 *    every account in it (else a removal below would be missed with no notice), and a list taken
 *    as longer than a poll reads is longer (else the user is told of a gap that is not there).
 */
function tellsLength(read: { accounts: number; whole: boolean } | undefined, length: number): void {
  if (!read) return;
  if (read.whole && read.accounts !== length)
    throw new Violation(`a read of ${read.accounts} of ${length} accounts was taken for the whole list`);
  if (!read.whole && read.accounts >= length)
    throw new Violation(`a whole list of ${length} was taken for a longer one (${read.accounts} read)`);
}

async function apply(world: World, settings: Settings, step: Step): Promise<void> {
  const { model } = world;
  switch (step.kind) {
    case 'add': {
      const id = `n${world.nextId++}`;
      world.items.unshift(id);
      model.seen.add(id);
      model.owed.add(id);
      return;
    }
    case 'readd': {
      const at = world.items.indexOf(step.id);
      if (at !== -1) world.items.splice(at, 1);
      // Back before a poll said it left: no removal to report.
      else model.gone.delete(step.id);
      world.items.unshift(step.id);
      if (!model.owed.has(step.id)) model.optional.add(step.id);
      return;
    }
    case 'remove':
      world.items.splice(world.items.indexOf(step.id), 1);
      // An account that arrived and left again before a poll reported it did arrive: reporting
      // it is no error, missing it no loss.
      if (model.owed.delete(step.id)) model.optional.add(step.id);
      model.gone.add(step.id);
      return;
    case 'poll':
      if (step.fault) world.faults += 1;
      return poll(world, settings, step.fault);
    case 'restart':
      world.live = world.saved;
      return;
  }
}

/** Quiet polls until nothing is left to read; then every new account is emitted or counted. */
async function settle(world: World, settings: Settings): Promise<void> {
  for (let polls = 0; polls < 40; polls += 1) {
    await poll(world, settings);
    if (!workLeft(world.live)) break;
  }
  await poll(world, settings);
  if (workLeft(world.live)) throw new Violation('the watch never settled');
  if (world.model.owed.size > world.model.counted)
    throw new Violation(
      `${world.model.owed.size} new accounts never emitted (${[...world.model.owed].join(', ')}), ${world.model.counted} counted`,
    );
}

/**
 * The world with its ids renamed in order of appearance: equal keys walk equal subtrees. `settle`
 * keys what quiet polls read (the feed, the live state, the model); `walk` adds what a step can
 * also use (the faults spent, the saved state).
 */
function canonical(world: World): { walk: string; settle: string } {
  const names = new Map<string, string>();
  const name = (id: string) => {
    let renamed = names.get(id);
    if (renamed === undefined) names.set(id, (renamed = `#${names.size}`));
    return renamed;
  };
  const text = (value: unknown) =>
    JSON.stringify(value ?? null).replace(/"(n\d+|a\d+)"/g, (_, id: string) => `"${name(id)}"`);
  const set = (ids: Set<string>) =>
    [...ids]
      .map((id) => [names.get(id) ?? `~${id}`, id] as const)
      .sort()
      .map(([, id]) => name(id))
      .join(',');
  const { model } = world;
  const settle = [
    model.counted,
    text([world.items, world.live]),
    set(model.owed),
    set(model.optional),
    set(model.gone),
    set(model.seen),
  ].join('|');
  const saved = world.saved === world.live ? '=' : text(world.saved);
  return { settle, walk: `${settle}|${world.faults}|${saved}` };
}

interface Tally {
  /** Distinct states walked: every history up to the bound passes through them. */
  histories: number;
  /** States reached again with no more steps left than before: their subtree was walked. */
  skipped: number;
  /** Settled ends checked: worlds that quiet polls read the same way are settled once. */
  settled: number;
}

/** What a configuration's walk remembers: the most steps left each state was walked with. */
interface Seen {
  walked: Map<string, number>;
  settled: Set<string>;
}

async function walk(
  world: World,
  settings: Settings,
  left: number,
  path: Step[],
  seen: Seen,
  tally: Tally,
): Promise<void> {
  // A state walked with at least as many steps left covered every continuation from here.
  const keys = canonical(world);
  if ((seen.walked.get(keys.walk) ?? -1) >= left) {
    tally.skipped += 1;
    return;
  }
  if (!seen.walked.has(keys.walk)) tally.histories += 1;
  seen.walked.set(keys.walk, left);
  if (!seen.settled.has(keys.settle)) {
    seen.settled.add(keys.settle);
    try {
      await settle(clone(world), settings);
      tally.settled += 1;
    } catch (error) {
      if (error instanceof Violation)
        throw new Error(`${error.message}\n  settings ${JSON.stringify(settings)}\n  history ${story(path)}`);
      throw error;
    }
  }
  if (left === 0) return;
  for (const step of stepsOf(world)) {
    const next = clone(world);
    try {
      await apply(next, settings, step);
    } catch (error) {
      if (error instanceof Violation)
        throw new Error(
          `${error.message}\n  settings ${JSON.stringify(settings)}\n  history ${story([...path, step])}`,
        );
      throw error;
    }
    await walk(next, settings, left - 1, [...path, step], seen, tally);
  }
}

function story(path: Step[]): string {
  return path
    .map((step) => {
      if (step.kind === 'readd' || step.kind === 'remove') return `${step.kind} ${step.id}`;
      if (step.kind === 'poll' && step.fault)
        return `poll (${step.fault.kind} on request ${step.fault.request})`;
      return step.kind;
    })
    .join(' → ');
}

async function start(settings: Settings): Promise<World> {
  const items = Array.from({ length: INITIAL }, (_, at) => `a${at}`);
  const world: World = {
    items,
    live: undefined,
    saved: undefined,
    model: { owed: new Set(), optional: new Set(), gone: new Set(), seen: new Set(items), counted: 0 },
    nextId: 0,
    faults: 0,
  };
  await poll(world, settings);
  world.saved = world.live;
  return world;
}

/** Registers the walk of every configuration with one page size, and leaves its figures in .reports/. */
export function checkEveryHistory(pageSize: number): void {
  const totals: Tally = { histories: 0, skipped: 0, settled: 0 };
  const started = Date.now();
  afterAll(() => {
    const figures = {
      'steps a history may take': DEPTH,
      'configurations (pages a poll, removals, state size, counted, how the list ends)': grid.length,
      'distinct states walked': totals.histories,
      'settled ends checked': totals.settled,
      'states reached again and skipped': totals.skipped,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    reportFigures(
      `exhaustive-position-feeds-page-${pageSize}`,
      `Every position-feed history (issue 37), page size ${pageSize}`,
      figures,
    );
  });

  const grid: Settings[] = [];
  for (const maxPages of [1, 2, 3])
    for (const removals of [false, true])
      for (const maxIds of [undefined, 6])
        for (const counts of [false, true])
          for (const emptyEnd of [false, true])
            grid.push({ pageSize, maxPages, removals, maxIds, counts, emptyEnd });

  // FEED_EXHAUSTIVE_REPLAY='{"settings":{…},"steps":["add","readd a0","poll stall 2"]}' replays
  // one history a failure printed, in the file of its page size (with FEED_EXHAUSTIVE_TRACE to see each poll).
  const replay = process.env.FEED_EXHAUSTIVE_REPLAY;
  const replayed = replay ? (JSON.parse(replay) as { settings: Settings; steps: string[] }) : undefined;
  if (replayed?.settings.pageSize === pageSize) {
    it('replays one history', async () => {
      const { settings, steps } = replayed;
      const world = await start(settings);
      for (const text of steps) {
        const [kind, arg, request] = text.split(' ');
        const step: Step =
          kind === 'readd' || kind === 'remove'
            ? { kind, id: arg! }
            : kind === 'poll' && arg
              ? { kind: 'poll', fault: { kind: arg as Fault, request: Number(request) } }
              : ({ kind } as Step);
        await apply(world, settings, step);
      }
      await settle(world, settings);
    });
  }

  describe(`every position-feed history of up to ${DEPTH} steps, page size ${pageSize}`, () => {
    it.each(grid.map((settings) => [JSON.stringify(settings), settings] as const))(
      '%s',
      async (_, settings) => {
        const tally: Tally = { histories: 0, skipped: 0, settled: 0 };
        await walk(
          await start(settings),
          settings,
          DEPTH,
          [],
          { walked: new Map(), settled: new Set() },
          tally,
        );
        totals.histories += tally.histories;
        totals.skipped += tally.skipped;
        totals.settled += tally.settled;
        expect(tally.histories).toBeGreaterThan(0);
      },
      // A hang guard, not a speed check: a configuration takes 1 to 4 s alone, more on a busy machine.
      WALK_GUARD_MS,
    );
  });
}
