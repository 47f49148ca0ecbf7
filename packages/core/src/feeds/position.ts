import { ValidationError } from '../errors/classes';
import { counted } from '../output/counted';
import { HOLE, align, indexOf } from './align';
import { auditDue, audited, countOf } from './audit';
import type { AuditState } from './audit';
import type { Alignment, Index, Label, Spot } from './align';
import { readPages, refusedOr, started, startsLater } from './reading';
import type { Read, ReadPages, WatchOptions, WatchResult } from './reading';
import { CONFIRM, bound, compact, gapCount, knownCount } from './segments';
import type { Segment } from './segments';
import { MAX_GAPS, MAX_PENDING, MAX_POSITION_IDS } from './state';
import type { PositionState } from './state';

/**
 * Ids the first poll remembers at least, when the feed has them: removals of the newest ones
 * must not hide everything known (a page of 200 followers can all leave between two polls).
 */
const START_IDS = 1000;
/** Requests the first poll spends on that at most, whatever the page budget. */
const START_PAGES = 5;
/** Requests each open gap gets at least: its last page again, to find its place, and one more. */
const GAP_REQUESTS = 2;
/** Polls in a row a feed may answer none of the remembered ids before the watch starts over. */
const MAX_DISJOINT = 3;
/** Polls in a row a gap read may fail to find where it stands before the gap is given up. */
const MAX_TRIES = 3;

/** The most page requests one poll of a position feed sends (decision N17). */
export function positionRequestCap(maxPages: number): number {
  return 2 * maxPages + GAP_REQUESTS * MAX_GAPS + CONFIRM;
}

/** One read followed by the next, from where it stopped, as if read in one go. */
function joinReads<R extends { id: string }>(first: Read<R>, second: Read<R>): Read<R> {
  const taken = new Set(first.ids);
  const fresh = second.records.filter((record) => !taken.has(record.id));
  return {
    ...second,
    ...(first.timeUp === true ? { timeUp: true } : {}),
    records: [...first.records, ...fresh],
    ids: [...first.ids, ...fresh.map((record) => record.id)],
    pages: [
      ...first.pages,
      ...second.pages.map((page) => ({ ...page, start: page.start + first.ids.length })),
    ],
    requests: first.requests + second.requests,
  };
}

/** The cursor of the page that holds the id at `position` of a read. */
function cursorAt(read: Read<unknown>, position: number): string {
  let cursor = read.pages[0]?.cursor ?? '';
  for (const page of read.pages) if (page.start <= position) cursor = page.cursor;
  return cursor;
}

/** First activation: remember the top of the feed, report nothing. */
export async function startPositionWatch<R extends { id: string }>(
  read: ReadPages<R>,
  options: WatchOptions<R>,
): Promise<WatchResult<R>> {
  // The count comes first, so what arrives before the read is found, never owed (audit.ts).
  const count = await countOf(read.count);
  const first = await readPages(read, undefined, START_PAGES, ({ ids }) => ids.length < START_IDS);
  if (first.ids.length === 0 && !first.ended) return startsLater(first.requests);
  const { segments, shortened } = bound([{ ids: first.ids }], options.maxIds ?? MAX_POSITION_IDS);
  const state: PositionState = { v: 2, key: options.key, segments };
  if (count !== undefined) state.audit = { count, owed: 0, since: 0 };
  if (first.ended && !shortened) state.bottom = first.ids.at(-1) ?? '';
  // An empty feed is taken at its word (a new list, a new account): what arrives next is new.
  if (first.ended && first.ids.length === 0) state.end = true;
  return started(state, first.requests + (read.count ? 1 : 0), first.records);
}

/**
 * One poll of a feed ordered by position (decision N29). The head is read from the top until a
 * run of known ids in their old order shows old ground; what comes before the survivors is
 * reported. A read that runs out of requests first leaves a gap, read on in later polls; what
 * it read is held back (pending) until the gap meets the ground below it, which proves it arrived
 * on top of it, and is then reported, looked up by id when it was read in an earlier poll.
 */
export class PositionPoll<R extends { id: string }> {
  private segments: Segment[];
  private end: boolean;
  private bottom: string | undefined;
  private disjoint: number | undefined;
  private audit: AuditState | undefined;
  /** Held-back ids when the poll began, for the audit's count of what this poll accounted for. */
  private readonly heldBefore: number;
  /** Every record read in this poll, by id. */
  private readonly records = new Map<string, R>();
  /** Reported now, newest first. */
  private readonly fresh: R[] = [];
  private readonly emitted = new Set<string>();
  /** Held-back ids whose burst is now proven, to report after the head's. */
  private readonly certified: string[] = [];
  private readonly removed: string[] = [];
  private readonly notes: string[] = [];
  private uncertain = false;
  private missed = 0;
  /** A removal read from the top that decided: how many accounts it read, and whether that was all. */
  private removalsRead: WatchResult<R>['removalsRead'];
  private requests = 0;
  private readonly cap: number;

  constructor(
    private readonly read: ReadPages<R>,
    state: PositionState,
    private readonly options: WatchOptions<R>,
  ) {
    this.segments = state.segments.map((segment) => ({
      ...segment,
      ids: [...segment.ids],
      ...(segment.pending ? { pending: [...segment.pending] } : {}),
    }));
    if (this.segments.length === 0) this.segments = [{ ids: [] }];
    this.end = state.end === true;
    this.bottom = state.bottom;
    this.disjoint = state.disjoint;
    this.audit = state.audit;
    this.heldBefore = pendingCount(this.segments);
    this.cap = positionRequestCap(options.maxPages);
  }

  async run(): Promise<WatchResult<R>> {
    const { maxPages } = this.options;
    // The count comes before the read, so what arrives in between is found, never owed.
    const count =
      this.read.count && auditDue(this.audit, gapCount(this.segments) > 0)
        ? await this.countNow()
        : undefined;
    // The head and the gaps each get the page budget: under steady traffic a gap's saved cursor
    // moves down by every arrival above it, so a gap that only got what the head left would never
    // gain on it (issue 37: 900 new followers a poll starved a 5,000 burst for good).
    const decided = await this.readHead(maxPages);
    if (decided) await this.readGaps(this.requests);
    this.limitGaps();
    await this.reportCertified();
    // What was reported, however (added again on top, or proven), is held back no longer.
    for (const segment of this.segments) {
      if (!segment.pending) continue;
      segment.pending = segment.pending.filter((id) => !this.emitted.has(id));
      if (segment.pending.length === 0) delete segment.pending;
    }
    const waiting = pendingCount(this.segments);
    if (waiting > 0)
      this.notes.push(
        `A burst is being read: ${counted(waiting, 'item')} of it so far, held back until the trigger reaches the items it knew below them, then reported`,
      );
    const maxIds = this.options.maxIds ?? MAX_POSITION_IDS;
    const { segments, shortened } = bound(this.segments, maxIds);
    // Ids the state had to let go of (from the middle, or the bottom): removals among them are
    // not seen either.
    const idsIn = (all: readonly Segment[]) => all.reduce((sum, segment) => sum + segment.ids.length, 0);
    if (this.removalsRead && idsIn(segments) < idsIn(this.segments))
      this.removalsRead = { accounts: Math.min(this.removalsRead.accounts, maxIds), whole: false };
    this.trimPending(segments);
    // A poll that decided nothing (a stall, an empty or foreign answer) keeps the last count: the
    // list may come back as it was while the count said otherwise.
    this.checkCount(decided ? count : undefined, segments);
    const state: PositionState = { v: 2, key: this.options.key, segments };
    if (this.audit) state.audit = this.audit;
    if (!shortened && this.bottom !== undefined) {
      state.bottom = this.bottom;
      if (this.end) state.end = true;
    }
    if (this.disjoint !== undefined) state.disjoint = this.disjoint;
    return {
      records: this.fresh,
      removed: this.removed,
      state,
      notes: this.notes,
      uncertain: this.uncertain,
      missed: this.missed,
      requests: this.requests,
      ...(this.removalsRead ? { removalsRead: this.removalsRead } : {}),
    };
  }

  private countNow(): Promise<number | undefined> {
    this.requests += 1;
    return countOf(this.read.count);
  }

  /** The counter audit (audit.ts): a shortfall two counts confirm is counted and said. */
  private checkCount(count: number | undefined, segments: readonly Segment[]): void {
    const found = this.fresh.length + this.missed + pendingCount(segments) - this.heldBefore;
    const settled = gapCount(segments) === 0;
    const { audit, missed } = audited(this.audit, { count, found, removed: this.removed.length, settled });
    this.audit = audit;
    if (missed === 0) return;
    this.missed += missed;
    this.warn(
      `The API's count of this feed grew by ${counted(missed, 'item')} more than the trigger found (added and removed between polls, or gone by unseen): they may be missed`,
    );
  }

  /** Reads from `cursor` within the poll's cap, keeping every record read. */
  private async readFrom(
    cursor: string | undefined,
    budget: number,
    more: (ids: string[]) => boolean,
    timeFloor = 1,
  ): Promise<Read<R> | undefined> {
    const room = Math.min(budget, this.cap - this.requests);
    if (room <= 0) return undefined;
    const walk = await readPages(this.read, cursor, room, ({ ids }) => more(ids), timeFloor);
    this.requests += walk.requests;
    for (const record of walk.records) this.records.set(record.id, record);
    return walk;
  }

  /** Reads from the top; false when nothing could be decided (the gaps then wait too). */
  private async readHead(budget: number): Promise<boolean> {
    return (await this.readBelow(-1, undefined, budget)) !== 'stalled';
  }

  /** Each open gap, newest first, read on from its cursor; each at most once a poll. */
  private async readGaps(headRequests: number): Promise<void> {
    const { maxPages } = this.options;
    let from = 0;
    for (let reads = gapCount(this.segments); reads > 0; reads -= 1) {
      const at = this.segments.findIndex((segment, place) => place >= from && segment.gap !== undefined);
      if (at === -1) return;
      const below = gapCount(this.segments.slice(at + 1));
      const spent = this.requests - headRequests;
      const budget = Math.max(GAP_REQUESTS, maxPages - spent - GAP_REQUESTS * below);
      await this.readBelow(at, this.segments[at]!.gap || undefined, budget);
      from = at + 1;
    }
  }

  /**
   * Reads the feed below stretch `at` (-1: from the top; otherwise on in the gap below it). Below
   * a gap the feed is, as at the top, additions above survivors: everything between the burst
   * read so far and the stretch that was the top of the feed when the burst began arrived after
   * it (decision N29). So the part of the read after the burst's last id is aligned with the
   * stretches below as a read from the top is with all of them.
   */
  private async readBelow(
    at: number,
    cursor: string | undefined,
    budget: number,
  ): Promise<'decided' | 'open' | 'stalled'> {
    const head = at === -1;
    const block = head ? undefined : this.segments[at]!;
    const higherIds = new Set(this.segments.slice(0, Math.max(0, at)).flatMap((segment) => segment.ids));
    const sub = this.segments.slice(at + 1);
    const index = indexOf(sub);
    const known = index.size;
    const options = { end: this.end, enough: Math.min(CONFIRM, known) };
    /**
     * Where the read's own part starts: after the last id of the burst above the gap. Arrivals
     * above move a saved cursor up, into what lies above the burst (other gaps, read by their own
     * reads, and ids added again, which sit up there now); removals move it down, past the
     * burst's end. A lone known id says nothing of where the read is (it may have come back on
     * top); two next to each other in their old order do. So the read's part starts after the
     * burst's last id once two of the burst's show the read is at the burst; with two of the
     * ground below instead, after whatever it met from above (the burst's end is lost, and said
     * so); with neither, nothing is decided yet (undefined).
     */
    const blockAt = new Map((block?.ids ?? []).map((id, place) => [id, place] as const));
    const anchor = (ids: readonly string[]): number | undefined => {
      if (head) return 0;
      let lastBlock = -1;
      let paired = blockAt.size === 1;
      let lastHigher = -1;
      let ground = false;
      ids.forEach((id, place) => {
        const at = blockAt.get(id);
        if (at !== undefined) {
          lastBlock = place;
          if (place > 0 && blockAt.get(ids[place - 1]!) === at - 1) paired = true;
          return;
        }
        if (higherIds.has(id)) lastHigher = place;
        const spot = index.get(id);
        const previous = place > 0 ? index.get(ids[place - 1]!) : undefined;
        if (spot && previous && previous.segment === spot.segment && previous.position === spot.position - 1)
          ground = true;
      });
      if (paired && lastBlock !== -1) return lastBlock + 1;
      return ground ? Math.max(lastBlock, lastHigher) + 1 : undefined;
    };
    const below = (ids: readonly string[]) => ids.slice(anchor(ids) ?? ids.length);
    const confirmed = (ids: readonly string[]) =>
      anchor(ids) !== undefined && align(below(ids), sub, index, options).confirmedAt !== -1;
    // Watching removals, the read goes on past its place, to the end of the feed if the budget
    // allows; with a burst left unread the gaps need the requests, and removals wait.
    const deep = head && this.options.removals === true && gapCount(this.segments) === 0;
    const read = await refusedOr(
      this.readFrom(cursor, budget, (ids) => deep || !confirmed(ids), head ? 1 : GAP_REQUESTS),
    );
    if (read === undefined) return 'stalled';
    if (read instanceof ValidationError) {
      if (head) throw read;
      this.dropGap(at, `the API refused the saved cursor (${read.message})`);
      return 'stalled';
    }
    let walk = read;
    // A read that met remembered ids below the additions, but not yet a run of them (a budget
    // too small to show one, or ids of the run gone), reads on a few pages to settle it rather
    // than take all it read for a burst.
    for (let more = CONFIRM; more > 0 && walk.cursor !== undefined && !confirmed(walk.ids); more -= 1) {
      const reading = align(below(walk.ids), sub, index, options);
      if (!reading.labels.some((label, place) => place >= reading.start && label.kind === 'known')) break;
      const next = await this.readFrom(walk.cursor, 1, () => true);
      if (!next) break;
      walk = joinReads(walk, next);
    }
    if (cutShort(walk, sub, head ? 2 : 1)) walk = { ...walk, ended: false, stalled: true };
    // Watching removals, a read the page budget ended leaves the list below it unwatched and one
    // the API ended read it all; a stall or the host's time says nothing of how long it is.
    const telling = deep && !walk.stalled && walk.timeUp !== true;
    if (deep) walk = deepestPlace(walk, confirmed);
    const skip = anchor(walk.ids);
    if (skip === undefined) {
      // Above the burst (ids from higher up met: the next poll reads on from here), or only ids
      // that may lie above it or below: nothing is placed, and a gap that stays lost is given up.
      if (walk.ids.some((id) => higherIds.has(id) || blockAt.has(id))) {
        block!.gap = cursorAt(walk, walk.ids.length - 1);
        delete block!.tries;
      } else if ((block!.tries = (block!.tries ?? 0) + 1) >= MAX_TRIES) {
        this.dropGap(at, 'its read could not find where it stands after removals above it');
      }
      return 'open';
    }
    const ids = walk.ids.slice(skip);
    const alignment = align(ids, sub, index, options);
    const sure = alignment.confirmedAt !== -1;
    if (walk.stalled && !sure) {
      this.warn(
        head
          ? 'The API claimed more items but gave no way to read them; nothing is decided, and the next poll reads again'
          : 'The API claimed more items but gave no way to read them; the next poll reads the burst again',
      );
      return 'stalled';
    }
    if (head && known > 0 && walk.ended && ids.every((id) => !index.has(id)))
      return this.disjointFeed(walk, known);
    if (head) this.disjoint = undefined;
    if (!head && skip === 0 && !walk.ids.some((id) => blockAt.has(id)) && ids.length > 0)
      // The read starts inside the gap: removals above moved its cursor past the gap's top.
      this.warn(
        'Removals above an unread burst moved its cursor past part of it: an unknown number of items of the burst may be missed',
      );

    // Above every survivor: arrived since, for certain. Below a burst, that also proves the burst:
    // what lies above an addition was added after it.
    const added = ids.slice(0, alignment.start);
    const held = (block?.pending ?? []).filter((id) => !this.emitted.has(id));
    const bottomMet = walk.ended && this.end && known === 0;
    const meetsTop = alignment.labels.some((label) => label.kind === 'known' && label.spot.segment === 0);
    const proven = head || added.length > 0 || meetsTop || bottomMet;
    if (head) for (const id of added) this.report(id);
    else if (proven) this.certify(held.concat(added));

    if (sure || walk.ended) {
      if (!proven) this.failGap(held);
      const placed = this.placeBelow(walk, ids, alignment, sub);
      const top: Segment = block
        ? { ...placed.block, ids: [...block.ids, ...placed.block.ids] }
        : placed.block;
      this.segments = compact([...this.segments.slice(0, Math.max(0, at)), top, ...placed.below]);
      if (walk.ended) this.reachedEnd(walk.ids);
      if (head && telling) this.removalsRead = { accounts: walk.ids.length, whole: walk.ended };
      if (head) await this.reportRemoved(walk, placed.dropped, index);
      return 'decided';
    }

    // The budget ran out first: what was read joins the burst, and the gap goes on below it.
    const inRead = new Set(ids);
    const waiting = ids.filter(
      (id, place) =>
        place >= alignment.start && alignment.labels[place]!.kind === 'unknown' && !this.emitted.has(id),
    );
    const top: Segment = { ids: [...(block?.ids ?? []), ...ids], gap: cursorAt(walk, walk.ids.length - 1) };
    const pending = [...(proven ? [] : held), ...waiting];
    if (pending.length > 0) top.pending = pending;
    // A stretch the read emptied stays, with its hole: old ground below it is not the burst's.
    const rest = sub.map((segment) => ({ ...segment, ids: segment.ids.filter((id) => !inRead.has(id)) }));
    this.segments = [...this.segments.slice(0, Math.max(0, at)), top, ...rest];
    if (head)
      this.notes.push(
        `More new items than ${counted(this.options.maxPages, 'request')} could read; the rest follow in the next polls`,
      );
    return 'open';
  }

  /**
   * A read from the top that ended without any id the state knows: the account may be suspended
   * (an empty list), renamed or taken over, or the answer cut short. Nothing is reported and the
   * state is kept; only when it lasts does the watch start over, saying how many it passed over.
   */
  private disjointFeed(head: Read<R>, known: number): 'stalled' {
    const polls = (this.disjoint ?? 0) + 1;
    const answered = head.ids.length === 0 ? 'an empty list' : counted(head.ids.length, 'item');
    if (polls < MAX_DISJOINT) {
      this.disjoint = polls;
      this.warn(
        `The feed answered ${answered} and none of the ${counted(known, 'item')} the trigger remembers (an account suspended, renamed or emptied, or an answer cut short): nothing is reported, and the trigger looks again next poll`,
      );
      return 'stalled';
    }
    this.disjoint = undefined;
    // Another feed may stand behind the name now: its count starts a new audit.
    this.audit = undefined;
    // What a burst held back is let go of with the rest, and counted with it.
    for (const segment of this.segments) this.missed += segment.pending?.length ?? 0;
    this.segments = [{ ids: head.ids }];
    this.bottom = head.ids.at(-1) ?? '';
    this.end = true;
    // Watching removals, what may be missed is the remembered accounts, which the answer no
    // longer holds; watching additions, the items of the answer, none of which is reported.
    const removals = this.options.removals === true;
    const passed = removals ? known : head.ids.length;
    this.missed += passed;
    this.warn(
      `For ${MAX_DISJOINT} polls in a row the feed answered none of the items the trigger remembered; it starts over from ${head.ids.length === 0 ? 'the empty list' : `the ${answered}`} it answers now and reports ${removals ? 'no removal' : 'none of them'}: up to ${counted(passed, removals ? 'removal' : 'new item')} may be missed`,
    );
    return 'stalled';
  }

  private certify(ids: readonly string[]): void {
    for (const id of ids) this.certified.push(id);
  }

  private report(id: string): void {
    if (this.emitted.has(id)) return;
    const record = this.records.get(id);
    if (!record) return;
    this.emitted.add(id);
    this.fresh.push(record);
  }

  /**
   * Puts a read that reached old ground (or the end of the feed) in place of what the stretches
   * below knew over the same part of the feed: from their top down to the read's last survivor,
   * the feed is now exactly the read. Known ids there that the read did not meet are gone; gaps
   * it crossed to the stretch below them are proven, and their held-back items reported; gaps it
   * ran to the end of the feed in are not, and their items are counted as possibly missed.
   */
  private placeBelow(
    walk: Read<R>,
    read: readonly string[],
    alignment: Alignment,
    sub: readonly Segment[],
  ): { block: Segment; below: Segment[]; dropped: string[] } {
    // Unknown ids a read met past the last id it knew, that could lie in old ground or in a gap
    // further down, are left to later reads: a gap's own read meets them where they belong.
    let end = read.length;
    if (!walk.ended) {
      let last = -1;
      alignment.labels.forEach((label, place) => {
        if (label.kind === 'known') last = place;
      });
      end = last + 1;
      while (end < read.length && !isUnsure(alignment.labels[end]!)) end += 1;
    }
    const ids = read.slice(0, end);
    const { start } = alignment;
    const labels = alignment.labels.slice(0, end);
    const inRead = new Set(ids);
    const lastLabel = labels[ids.length - 1];
    // An unknown id that more than one hole could hold is placed in the first: a stretch it may
    // have passed is kept, not taken for gone.
    const to: Spot =
      walk.ended || !lastLabel
        ? { segment: sub.length, position: 0 }
        : lastLabel.kind === 'known'
          ? lastLabel.spot
          : { segment: lastLabel.kind === 'unknown' ? lastLabel.first : 0, position: HOLE };
    const metBelow = new Set(
      labels.flatMap((label, place) =>
        place >= start && label.kind === 'known' ? [label.spot.segment] : [],
      ),
    );
    const bottomMet = (hole: number) => walk.ended && this.end && knownCount(sub.slice(hole + 1)) === 0;
    const proven = (hole: number) => metBelow.has(hole + 1) || bottomMet(hole);

    const heldNow = new Map<number, string[]>();
    labels.forEach((label, place) => {
      const id = ids[place]!;
      if (place < start || label.kind !== 'unknown' || label.is === 'old' || this.emitted.has(id)) return;
      if (label.is === 'unsure') {
        this.missed += 1;
        this.unsure();
      } else if (proven(label.hole)) this.certify([id]);
      else heldNow.set(label.hole, [...(heldNow.get(label.hole) ?? []), id]);
    });

    const dropped: string[] = [];
    sub.forEach((segment, at) => {
      segment.ids.forEach((id, position) => {
        if (!before(to, { segment: at, position }) && !inRead.has(id)) dropped.push(id);
      });
      if (segment.gap === undefined) return;
      const continues = !walk.ended && to.position === HOLE && to.segment === at;
      if (continues || (!walk.ended && at >= to.segment)) return;
      if (proven(at)) this.certify(segment.pending ?? []);
      else this.failGap((segment.pending ?? []).concat(heldNow.get(at) ?? []));
    });

    const block: Segment = { ids: [...ids] };
    if (walk.ended) return { block, below: [], dropped };
    // Ids the read met above come back on top: they are no longer where they were below.
    const moved = (segments: readonly Segment[]) =>
      segments.map((segment) => ({ ...segment, ids: segment.ids.filter((id) => !inRead.has(id)) }));
    if (to.position === HOLE) {
      const hole = sub[to.segment]!;
      if (hole.gap !== undefined) {
        block.gap = cursorAt(walk, walk.ids.lastIndexOf(ids.at(-1) ?? ''));
        const held = [...(hole.pending ?? []), ...(heldNow.get(to.segment) ?? [])];
        if (held.length > 0) block.pending = held;
      }
      return { block, below: moved(sub.slice(to.segment + 1)), dropped };
    }
    const stretch = sub[to.segment]!;
    block.ids = block.ids.concat(stretch.ids.slice(to.position + 1).filter((id) => !inRead.has(id)));
    if (stretch.gap !== undefined) block.gap = stretch.gap;
    if (stretch.pending) block.pending = [...stretch.pending];
    return { block, below: moved(sub.slice(to.segment + 1)), dropped };
  }

  /**
   * A read reached the end of the feed right after `ids`. The state trusts that nothing lies
   * below its last stretch only once two reads in a row found the feed ending on the same id: one
   * empty page that cut a read short must not make every item below it look new later.
   */
  private reachedEnd(ids: readonly string[]): void {
    const last = ids.at(-1) ?? '';
    this.end = this.bottom === last;
    this.bottom = last;
  }

  /** A gap read to the end of the feed without meeting ground below: its held-back items are unproven. */
  private failGap(held: readonly string[]): void {
    const unproven = held.filter((id) => !this.emitted.has(id));
    if (unproven.length === 0) return;
    this.missed += unproven.length;
    this.warn(
      `A burst was read to the end of the feed without meeting the items remembered below it (they all left): ${counted(unproven.length, 'item')} of it could be new or old, and are not reported`,
    );
  }

  private dropGap(at: number, why: string): void {
    const segment = this.segments[at]!;
    const held = (segment.pending ?? []).filter((id) => !this.emitted.has(id));
    this.missed += held.length;
    this.warn(
      `Gave up reading a burst (${why}): ${counted(held.length, 'item')} read of it are not reported, and an unknown number of unread ones may be missed`,
    );
    this.segments[at] = withoutGap(segment);
  }

  /** A feed that keeps outgrowing its polls opens gap after gap; the oldest goes, with a warning. */
  private limitGaps(): void {
    while (gapCount(this.segments) > MAX_GAPS) {
      const deepest = this.segments.map((segment) => segment.gap !== undefined).lastIndexOf(true);
      this.dropGap(deepest, 'the feed grows faster than polls can read it');
    }
  }

  /** Held-back ids past the bound are let go of, counted. */
  private trimPending(segments: Segment[]): void {
    // A watch held to fewer ids (Zapier's cache) holds back no more than it remembers.
    const most = Math.min(MAX_PENDING, this.options.maxIds ?? MAX_PENDING);
    let total = 0;
    for (const segment of segments) {
      if (!segment.pending) continue;
      const room = Math.max(0, most - total);
      if (segment.pending.length > room) {
        const over = segment.pending.length - room;
        this.missed += over;
        this.warn(
          `A burst is larger than the trigger can hold back: ${counted(over, 'item')} read of it are not reported`,
        );
        segment.pending = segment.pending.slice(0, room);
      }
      total += segment.pending.length;
      if (segment.pending.length === 0) delete segment.pending;
    }
  }

  /** Reports the held-back items a gap read proved, newest first, looked up when read earlier. */
  private async reportCertified(): Promise<void> {
    const ids = [...new Set(this.certified)].filter((id) => !this.emitted.has(id));
    if (ids.length === 0) return;
    const missing = ids.filter((id) => !this.records.has(id));
    if (missing.length > 0) {
      if (this.read.lookup) {
        const found = await this.read.lookup(missing);
        this.requests += Math.ceil(missing.length / 100);
        for (const record of found) this.records.set(record.id, record);
      } else {
        this.missed += missing.length;
        this.warn(
          `${counted(missing.length, 'item')} of a burst could not be looked up, and are not reported`,
        );
      }
    }
    for (const id of ids) this.report(id);
  }

  /**
   * Known ids a read from the top passed over without meeting them left the feed: items never
   * move down. Pages are read one after another, not at once: an account removed above a page
   * boundary between two requests shifts the next page up, and the account that crossed the
   * boundary is read by neither. So one missing where two pages meet is looked for again in the
   * page above that boundary, read once more; found there, it stays (decision N23).
   */
  private async reportRemoved(head: Read<R>, dropped: string[], index: Index): Promise<void> {
    const held = new Set(this.segments.flatMap((segment) => segment.pending ?? []));
    const gone = dropped.filter((id) => !held.has(id) && !this.emitted.has(id));
    if (gone.length === 0) return;
    const back = new Set<string>();
    const known = head.ids.map((id) => index.get(id));
    const rank = (spot: Spot) => spot.segment * 1e9 + spot.position;
    for (let page = 1; page < head.pages.length; page += 1) {
      const start = head.pages[page]!.start;
      const end = head.pages[page + 1]?.start ?? head.ids.length;
      const lastAbove = known
        .slice(head.pages[page - 1]!.start, start)
        .reverse()
        .find((spot) => spot !== undefined);
      const firstBelow = known.slice(start, end).find((spot) => spot !== undefined);
      const low = lastAbove ? rank(lastAbove) : -1;
      const high = firstBelow ? rank(firstBelow) : Infinity;
      const anywhere = start > 0 && !index.has(head.ids[start - 1]!);
      const suspects = gone.filter((id) => {
        if (back.has(id)) return false;
        const spot = index.get(id)!;
        return anywhere || (rank(spot) > low && rank(spot) < high);
      });
      if (suspects.length === 0) continue;
      const again = await refusedOr(this.readFrom(head.pages[page - 1]!.cursor || undefined, 1, () => false));
      if (again === undefined || again instanceof ValidationError) continue;
      const boundary = head.ids[start - 1]!;
      for (const id of suspects) {
        if (!again.ids.includes(id)) continue;
        back.add(id);
        const segment = this.segments.find((candidate) => candidate.ids.includes(boundary));
        segment?.ids.splice(segment.ids.indexOf(boundary) + 1, 0, id);
      }
    }
    for (const id of gone) if (!back.has(id)) this.removed.push(id);
  }

  private unsure(): void {
    const note =
      'Unknown items were met where the trigger cannot tell new from old (below items that may have come back on top, or where every remembered item left): they are not reported, and counted as possibly missed';
    if (!this.notes.includes(note)) this.warn(note);
  }

  private warn(message: string): void {
    this.notes.push(message);
    this.uncertain = true;
  }
}

const isUnsure = (label: Label) => label.kind === 'unknown' && label.is === 'unsure';

const before = (a: Spot, b: Spot) =>
  a.segment < b.segment || (a.segment === b.segment && a.position < b.position);

function pendingCount(segments: readonly Segment[]): number {
  return segments.reduce((sum, segment) => sum + (segment.pending?.length ?? 0), 0);
}

function withoutGap(segment: Segment): Segment {
  return { ids: segment.ids };
}

/**
 * A read that ended on an empty page without meeting every id the state knows: an empty answer
 * where there were items is taken for a glitch, not for all of them leaving. (An account list's
 * own last page, with its `0|…` cursor, ends a walk before that empty page: `readPages`.)
 */
function cutShort(walk: Read<unknown>, segments: readonly Segment[], pages: number): boolean {
  const last = walk.pages.at(-1);
  if (!walk.ended || !last || last.start < walk.ids.length || walk.pages.length < pages) return false;
  const met = new Set(walk.ids);
  return segments.some((segment) => segment.ids.some((id) => !met.has(id)));
}

/**
 * A read that went on past its place, cut back to the deepest page it is confirmed on, as if it
 * had stopped there: what comes after that page is not known to be old ground.
 */
function deepestPlace<R>(walk: Read<R>, confirmed: (ids: string[]) => boolean): Read<R> {
  if (walk.ended || confirmed(walk.ids)) return walk;
  for (let page = walk.pages.length - 1; page > 0; page -= 1) {
    const end = walk.pages[page]!.start;
    const ids = walk.ids.slice(0, end);
    if (!confirmed(ids)) continue;
    return {
      ...walk,
      records: walk.records.slice(0, end),
      ids,
      pages: walk.pages.slice(0, page),
      stalled: false,
      enough: true,
      cursor: undefined,
    };
  }
  return walk;
}
