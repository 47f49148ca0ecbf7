import { ValidationError } from '../errors/classes';
import { CONFIRM, classify } from './classify';
import type { Kind, Reading } from './classify';
import { readPages, refusedOr, started, startsLater } from './reading';
import type { Read, ReadPages, WatchOptions, WatchResult } from './reading';
import { bound, gapCount, knownCount, locate } from './segments';
import type { Located, Segment } from './segments';
import { MAX_GAPS, MAX_POSITION_IDS } from './state';
import type { PositionState } from './state';

/**
 * Ids the first poll remembers at least, when the feed has them: removals of the newest ones
 * must not hide everything known (a page of 200 followers can all leave between two polls).
 */
const START_IDS = 1000;
/**
 * Requests each open gap gets at least: one to read again the page that ends above it (offset
 * cursors shift, and that page shows where the gap starts now) and one to read on.
 */
const GAP_REQUESTS = 2;
/** Polls a gap may read again what it met below itself before taking few ids for enough. */
const MAX_TRIES = 3;
/** Requests the first poll spends on that at most, whatever the page budget. */
const START_PAGES = 5;

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
  const first = await readPages(read, undefined, START_PAGES, ({ ids }) => ids.length < START_IDS);
  if (first.ids.length === 0 && !first.ended) {
    return startsLater(first.requests);
  }
  const state: PositionState = { v: 2, key: options.key, segments: [{ ids: first.ids }] };
  return started(state, first.requests);
}

/**
 * One poll of a feed ordered by position. The head is read from the top until a whole page is
 * old ground found in its old order; each gap a burst left is then read on from its cursor until
 * it meets the stretch below it. What was read replaces what was known above that point.
 */
export class PositionPoll<R extends { id: string }> {
  private segments: Segment[];
  private readonly fresh: R[] = [];
  private readonly removed: string[] = [];
  private readonly notes: string[] = [];
  /** Gaps the head opened in this poll. */
  private readonly opened = new Set<Segment>();
  private uncertain = false;
  private requests = 0;

  constructor(
    private readonly read: ReadPages<R>,
    state: PositionState,
    private readonly options: WatchOptions<R>,
  ) {
    this.segments = state.segments.map((segment) => ({ ...segment, ids: [...segment.ids] }));
  }

  async run(): Promise<WatchResult<R>> {
    const { maxPages } = this.options;
    await this.readHead(Math.max(1, maxPages - GAP_REQUESTS * gapCount(this.segments)));
    // Newest gap first, each read once per poll; a gap the head opened just now waits for the
    // next poll unless requests are left.
    const done = new Set<Segment>();
    while (true) {
      const at = this.segments.findIndex((segment) => segment.gap !== undefined && !done.has(segment));
      if (at === -1) break;
      const segment = this.segments[at]!;
      done.add(segment);
      if (this.opened.has(segment) && this.requests >= maxPages) continue;
      const gapsBelow = gapCount(this.segments.slice(at + 1));
      // A gap that could not place what it met gets one more page each time, to read past it.
      const least = GAP_REQUESTS + (segment.tries ?? 0);
      const read = await this.readGap(
        at,
        Math.max(least, maxPages - this.requests - GAP_REQUESTS * gapsBelow),
      );
      if (read) this.keepReported(read, at);
    }
    this.limitGaps();
    const state: PositionState = {
      v: 2,
      key: this.options.key,
      segments: bound(this.segments, this.options.maxIds ?? MAX_POSITION_IDS),
    };
    return {
      records: this.fresh,
      removed: this.removed,
      state,
      notes: this.notes,
      uncertain: this.uncertain,
      requests: this.requests,
    };
  }

  private async readHead(budget: number): Promise<void> {
    const known = knownCount(this.segments);
    const index = locate(this.segments);
    const enough = Math.min(CONFIRM, known);
    // The read ends on enough known ids one after the other, as the state knows them: what
    // follows them is old ground too.
    const confirmedBy = (ids: string[]) =>
      endsInPlace(ids, classify(ids, this.segments, index), this.segments, index).run >= enough;
    // Watching removals, the read goes on past its place, to the end of the feed if the budget
    // allows; with a burst left unread the gaps need the requests, and removals wait.
    const deep = this.options.removals === true && gapCount(this.segments) === 0;
    const walk = await readPages(this.read, undefined, budget, ({ ids }) => deep || !confirmedBy(ids));
    this.requests += walk.requests;
    const head = deep ? deepestPlace(walk, confirmedBy) : walk;
    const reading = classify(head.ids, this.segments, index);
    if (head.stalled && !confirmedBy(head.ids)) {
      // A bad page is not the end of the feed: nothing is decided, the next poll reads again.
      this.warn('The API claimed more items but gave no way to read them; the next poll reads again');
      return;
    }
    const burst = !head.ended && !confirmedBy(head.ids);
    // Without enough known ground below, an unknown id is taken for part of a burst: the few
    // known ids met may have come back on top themselves. The gap after the read settles it.
    const kinds: Kind[] = burst
      ? head.ids.map((id, at) => (index.has(id) && reading.inPlace[at] ? 'old' : 'new'))
      : reading.kinds;
    this.take(head.records, kinds);

    if (head.ended) {
      await this.replace(
        reading.lastSegment === undefined ? [{ ids: head.ids }] : this.joined(head, reading),
        head,
      );
      return;
    }
    if (reading.lastSegment !== undefined && confirmedBy(head.ids)) {
      await this.replace(this.joined(head, reading), head);
      return;
    }
    // Nothing new read: nothing to place; a gap below the top is read on as it was.
    const cut = kinds.lastIndexOf('new') + 1;
    if (cut === 0) return;
    // The budget ran out before the read found its way back to known ground: a burst. What was
    // read stays on top, and the rest of it is a gap the next polls read on from this cursor.
    if (reading.lastSegment === undefined && known > 0)
      this.warn(
        `None of the remembered items is among the ${head.ids.length} newest: all are reported as new, and the rest follow in the next polls`,
      );
    else
      this.notes.push(
        `More new items than ${this.options.maxPages} requests could read; the rest follow in the next poll`,
      );
    // Known ids read after the last new one are left where the state knows them: the gap read
    // meets them again below, in their place, which tells it where the burst ends.
    const top: Segment = { ids: head.ids.slice(0, cut), gap: cursorAt(head, cut - 1) };
    this.opened.add(top);
    this.segments = [top, ...this.segments];
  }

  /**
   * The known feed after a read from the top that reached known ground: the read, then what was
   * known below the last id it recognised. Known ids it passed over without seeing are gone.
   */
  private joined(head: Read<R>, { lastSegment = 0, lastKnownAt }: Reading): Segment[] {
    const segment = this.segments[lastSegment]!;
    const lastId = head.ids[lastKnownAt]!;
    const position = segment.ids.indexOf(lastId);
    const trailing = head.ids.length - 1 - lastKnownAt;
    const top: Segment = { ids: [...head.ids] };
    if (head.ended) return [top];
    if (trailing === 0) {
      const read = new Set(head.ids);
      top.ids = top.ids.concat(segment.ids.slice(position + 1).filter((id) => !read.has(id)));
      // The gap below goes on as it was, with the reads it already spent on finding its place.
      if (segment.gap !== undefined) top.gap = segment.gap;
      if (segment.tries !== undefined) top.tries = segment.tries;
    } else if (segment.gap !== undefined) {
      // The read went on into the gap below: it continues from where this read stopped.
      if (head.cursor === undefined) return [top, ...this.segments.slice(lastSegment + 1)];
      top.gap = cursorAt(head, head.ids.length - 1);
    }
    return [top, ...this.segments.slice(lastSegment + 1)];
  }

  /**
   * Reads on in the gap below segment `at`.
   * Offset cursors shift down with every arrival above, so the read may start among ids already
   * known: unknown ids count as the gap's only after the last known id from above it, up to the
   * first id known from below it.
   */
  private async readGap(at: number, budget: number): Promise<string[] | undefined> {
    const gapSegment = this.segments[at]!;
    const index = locate(this.segments);
    const belowKnown = knownCount(this.segments.slice(at + 1));
    const enough = Math.min(CONFIRM, belowKnown);
    const gap = await refusedOr(
      readPages(
        this.read,
        gapSegment.gap || undefined,
        budget,
        ({ ids }) => !placeInGap(ids, at, this.segments, index, enough).closed,
      ),
    );
    if (gap instanceof ValidationError) {
      this.warn(`The API refused the saved cursor (${gap.message}); items in an unread burst may be missed`);
      delete gapSegment.gap;
      return undefined;
    }
    this.requests += gap.requests;
    const place = placeInGap(gap.ids, at, this.segments, index, enough);
    const tries = gapSegment.tries ?? 0;
    // Ids from below the gap, but too few yet to be sure they are in their old place: this
    // part is read again next time, from the page where they start, with what follows them.
    if (gap.stalled && !place.closed) {
      this.warn(
        'The API claimed more items but gave no way to read them; the next poll reads the burst again',
      );
      return gap.ids;
    }
    if (!place.aligned && place.lastBelow !== undefined && tries < MAX_TRIES) {
      // Straight into the stretch below without meeting the one above: removals above moved the
      // cursor past the gap's start. Read it again from the top, walking down to its place.
      gapSegment.gap = '';
      gapSegment.tries = tries + 1;
      return gap.ids;
    }
    if (!place.aligned && place.lastBelow !== undefined)
      this.warn('An unread burst could not be found again after removals above it; some items may be missed');
    const unsure = !place.closed && !gap.ended && place.unsureAt !== -1 && tries < MAX_TRIES;
    const end = unsure ? place.unsureAt : gap.ids.length;
    this.take(
      gap.records,
      gap.ids.map((_, position) => (place.fresh.has(position) && position < end ? 'new' : 'old')),
    );
    const placed = place.aligned ? gap.ids.slice(place.from, Math.max(place.from, end)) : [];
    gapSegment.ids = gapSegment.ids.concat(placed);
    // Only headway ends the tries: a read that places nothing and hands the gap on to a cursor
    // where it cannot find its place again would otherwise start the count over every poll.
    if (placed.length > 0 || place.closed) delete gapSegment.tries;
    if (place.lost)
      this.warn('Removals above an unread burst moved part of it out of sight; some items may be missed');

    if ((place.closed || (place.firstBelowAt !== -1 && !unsure)) && place.lastBelow !== undefined) {
      const next = index.get(place.lastBelow)!.segment;
      const stretch = this.segments[next]!;
      const placedSet = new Set(placed);
      // Known ids from the stretches the read went past without meeting them are not in that
      // stretch of the feed any more, but only a read from the top can tell whether they left
      // or came back on top: they stay known, after the read, for the head to settle.
      const unmet = this.segments
        .slice(at + 1, next + 1)
        .flatMap((segment) => segment.ids)
        .filter((id) => !placedSet.has(id));
      const merged: Segment = { ids: gapSegment.ids.concat(unmet) };
      if (stretch.gap !== undefined) merged.gap = stretch.gap;
      this.segments.splice(at, next - at + 1, merged);
      return gap.ids;
    }
    if (gap.ended) {
      if (gap.ended && belowKnown > 0 && place.lastBelow === undefined)
        this.warn(
          'A burst was read to the end of the feed without meeting the items remembered below it: they were removed, and what was reported for the burst may include older items',
        );
      delete gapSegment.gap;
      this.segments.splice(at + 1);
      return gap.ids;
    }
    if (unsure) {
      gapSegment.gap = cursorAt(
        gap,
        place.unsureAt === place.firstBelowAt ? place.unsureAt : place.unsureAt - 1,
      );
      gapSegment.tries = tries + 1;
      return gap.ids;
    }
    if (gap.cursor === undefined) return gap.ids;
    // Walking down to the gap: go on. In it: start again with this read's last page, whose ids
    // are now known, to find the place again however the offsets shifted.
    gapSegment.gap = place.from < gap.ids.length ? cursorAt(gap, gap.ids.length - 1) : gap.cursor;
    return gap.ids;
  }

  /**
   * A reported id the gap read could not place (it never found the stretch above) is still
   * remembered, after the id it followed in the read: an id reported and then forgotten would
   * be taken, where it sits, for a sign that the ids above it came back on top.
   */
  private keepReported(read: string[], at: number): void {
    const inRead = new Set(read);
    for (const record of this.fresh) {
      const index = locate(this.segments);
      if (!inRead.has(record.id) || index.has(record.id)) continue;
      const before = read
        .slice(0, read.indexOf(record.id))
        .reverse()
        .find((id) => index.has(id));
      const place = before === undefined ? undefined : index.get(before)!;
      const segment = this.segments[place?.segment ?? Math.min(at, this.segments.length - 1)]!;
      segment.ids.splice(place ? place.position + 1 : segment.ids.length, 0, record.id);
    }
  }

  /** A feed that keeps outgrowing its polls opens gap after gap; the oldest goes, with a warning. */
  private limitGaps(): void {
    while (gapCount(this.segments) > MAX_GAPS) {
      const deepest = this.segments.map((segment) => segment.gap !== undefined).lastIndexOf(true);
      delete this.segments[deepest]!.gap;
      this.warn(
        'The feed grows faster than polls can read it; items of the oldest unread burst may be missed',
      );
    }
  }

  /**
   * The known feed after a read that passed, from a place it knows, over everything it drops:
   * the known ids it no longer holds were not met where they must have been, so they are gone.
   * Items never move down (only an addition moves one, to the top, where a read meets it).
   */
  private async replace(segments: Segment[], head: Read<R>): Promise<void> {
    const kept = locate(segments);
    const gone = [...locate(this.segments).keys()].filter((id) => !kept.has(id));
    const back = await this.seenAgain(head, gone);
    for (const id of gone) if (!back.has(id)) this.removed.push(id);
    for (const [id, after] of back) {
      const place = after === undefined ? undefined : locate(segments).get(after);
      const segment = segments[place?.segment ?? 0]!;
      segment.ids.splice(place ? place.position + 1 : 0, 0, id);
    }
    this.segments = segments;
  }

  /**
   * Pages are read one after another, not at once: an account removed above a page boundary
   * between two requests shifts the next page up, and the account that crossed the boundary is
   * read by neither. So a known account missing where two pages meet (between the last known id
   * of one page and the first of the next still in their old place, in the order the state
   * knows) is looked for again in the page above that boundary, read once more; found there, it
   * stays, where the pages meet. An account that came back on top says nothing of where it was,
   * so it bounds nothing; and where the page above ends on a new account or one that came back,
   * the one below it may have come back too, from anywhere: every missing account is looked for.
   */
  private async seenAgain(head: Read<R>, gone: string[]): Promise<Map<string, string | undefined>> {
    const back = new Map<string, string | undefined>();
    if (gone.length === 0 || head.pages.length < 2) return back;
    const index = locate(this.segments);
    const { inPlace, kinds } = classify(head.ids, this.segments, index);
    const rankOf = (id: string) => index.get(id)!.rank;
    for (let page = 1; page < head.pages.length; page += 1) {
      const start = head.pages[page]!.start;
      const end = head.pages[page + 1]?.start ?? head.ids.length;
      const above = start > 0 ? inPlace.lastIndexOf(true, start - 1) : -1;
      const below = inPlace.indexOf(true, start);
      const low = above !== -1 && above >= head.pages[page - 1]!.start ? rankOf(head.ids[above]!) : -1;
      const high = below !== -1 && below < end ? rankOf(head.ids[below]!) : Infinity;
      const anywhere = start > 0 && kinds[start - 1] === 'new';
      const inWindow = (id: string) => rankOf(id) > low && rankOf(id) < high;
      const suspects = gone.filter((id) => !back.has(id) && (anywhere || inWindow(id)));
      if (suspects.length === 0) continue;
      const again = await refusedOr(
        readPages(this.read, head.pages[page - 1]!.cursor || undefined, 1, () => false),
      );
      if (again instanceof ValidationError) continue;
      this.requests += again.requests;
      // Found again, it belongs where the two pages meet: after the last id of the page above.
      for (const id of suspects) if (again.ids.includes(id)) back.set(id, head.ids[start - 1]);
    }
    return back;
  }

  private take(records: R[], kinds: readonly Kind[]): void {
    records.forEach((record, position) => {
      if (kinds[position] === 'new') this.fresh.push(record);
    });
  }

  private warn(message: string): void {
    this.notes.push(message);
    this.uncertain = true;
  }
}

/**
 * A read that went on past its place, cut back to the deepest page it ends in place on, as if it
 * had stopped there: what comes after that page is not known to be old ground.
 */
function deepestPlace<R>(walk: Read<R>, inPlace: (ids: string[]) => boolean): Read<R> {
  if (walk.ended || inPlace(walk.ids)) return walk;
  for (let page = walk.pages.length - 1; page > 0; page -= 1) {
    const end = walk.pages[page]!.start;
    const ids = walk.ids.slice(0, end);
    if (!inPlace(ids)) continue;
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

/**
 * How many ids the read ends with that are old ground still as the state knows it: known ids
 * of one stretch in its order, and unknown ids past that stretch's end.
 */
function endsInPlace(
  ids: readonly string[],
  reading: Reading,
  segments: readonly Segment[],
  index: ReadonlyMap<string, Located>,
): { run: number; segment: number | undefined } {
  let run = 0;
  let next: Located | undefined;
  let unknownAfter = false;
  for (let at = ids.length - 1; at >= 0; at -= 1) {
    if (reading.kinds[at] !== 'old') break;
    const known = index.get(ids[at]!);
    if (!known) {
      unknownAfter = true;
      run += 1;
      continue;
    }
    // Within one stretch only, in its order (ids gone from between are fine): ids read across a
    // hole say nothing about what follows them.
    if (next && !(known.segment === next.segment && known.position < next.position)) break;
    // Unknown ids right after a known one are old ground only past the end of its stretch.
    if (unknownAfter && known.position !== segments[known.segment]!.ids.length - 1)
      return { run: 0, segment: undefined };
    unknownAfter = false;
    run += 1;
    next = known;
  }
  return { run, segment: next?.segment };
}

interface GapPlace {
  /** Positions of the read that are new: the gap's own, or ids that came back on top. */
  fresh: Set<number>;
  /** Where the read found its place below the ids above the gap: the gap's part starts here. */
  from: number;
  /** Where the read met the first id known from below the gap in its old place, or -1. */
  firstBelowAt: number;
  /** The read met the stretch above the gap (two of its ids next to each other). */
  aligned: boolean;
  /** Where the read stops being sure of what it saw, or -1: read again from there next time. */
  unsureAt: number;
  /** The last id known from below the gap that the read met in its old order. */
  lastBelow: string | undefined;
  /** Enough ids known from below, in their old order after the last new one: the gap is read. */
  closed: boolean;
  /** Unknown ids met between ids from above and below the gap, without the place: unsure whose. */
  lost: boolean;
}

/**
 * Places one read of a gap. Offset cursors shift down with every arrival above, so the read may
 * start among ids already known (from the stretch above the gap, or from an unread hole higher
 * up): its part starts after the last of them. It ends at ids known from below the gap, met in
 * their old order; a known id met out of that order came back on top and is new, as in the head.
 */
function placeInGap(
  ids: readonly string[],
  at: number,
  segments: readonly Segment[],
  index: ReadonlyMap<string, Located>,
  enough: number,
): GapPlace {
  const newerGap = segments.slice(0, at).some((segment) => segment.gap !== undefined);
  const reading = classify(ids, segments, index);
  const { inPlace, kinds } = reading;
  const segmentOf = (position: number) => index.get(ids[position]!)?.segment;
  // An id of the stretch over the gap places the read only next to its neighbour in that
  // stretch: alone it may be one that came back on top, where the read started.
  const paired = (position: number) => {
    const here = index.get(ids[position]!)!;
    if (segments[here.segment]!.ids.length === 1) return true;
    const before = position > 0 ? index.get(ids[position - 1]!) : undefined;
    const after = index.get(ids[position + 1] ?? '');
    const neighbour = (other: Located | undefined, step: number) =>
      other !== undefined && other.segment === here.segment && other.position === here.position + step;
    return neighbour(before, -1) || neighbour(after, 1);
  };
  let from = 0;
  let above: number | undefined;
  for (let position = 0; position < ids.length; position += 1) {
    const segment = segmentOf(position);
    if (segment === undefined || segment > at || !inPlace[position]) continue;
    if (segment === at && !paired(position)) continue;
    from = position + 1;
    above = segment;
  }
  // The read met the stretch over the gap, but not its end: unknown ids after it may still be
  // inside the stretch (arrived before ids of it that came back on top), until more is read.
  const stretch = segments[at]!.ids;
  const midStretch = above === at && ids[from - 1] !== stretch.at(-1);
  // Last met an id from higher up than the stretch over the gap: still walking down to it.
  const walking = above !== undefined && above < at;
  const place: GapPlace = {
    fresh: new Set(),
    from,
    firstBelowAt: -1,
    aligned: above !== undefined && !walking,
    unsureAt: -1,
    lastBelow: undefined,
    closed: false,
    lost: false,
  };
  let belowInOrder = 0;
  for (let position = from; position < ids.length; position += 1) {
    const segment = segmentOf(position);
    // A known id out of its old order came back on top: new, wherever the read met it.
    const moved = segment !== undefined && !inPlace[position];
    if (segment === undefined || moved) {
      const ours = belowInOrder === 0 && above !== undefined && !walking;
      // Past the stretch below: an unknown id there lies in that stretch's own gap, if it has one.
      const lower = belowInOrder > 0 && kinds[position] === 'new';
      if (moved || ours || lower) {
        place.fresh.add(position);
      } else if (belowInOrder === 0 && !walking) place.lost = true;
      continue;
    }
    belowInOrder += 1;
    if (place.firstBelowAt === -1) place.firstBelowAt = position;
    place.lastBelow = ids[position];
  }
  if (midStretch && place.lastBelow === undefined && from < ids.length) place.unsureAt = from;
  if (walking || above === undefined) {
    // Never at the stretch above the gap: what came before the stretch below is not known to be
    // the gap's (it may be a newer gap's, its cursor shifted by arrivals). Nothing of it is
    // placed; without the stretch below either, the read walks on next time.
    for (const position of place.fresh)
      if (place.firstBelowAt === -1 || position < place.firstBelowAt) place.fresh.delete(position);
    place.lost = place.lost && !newerGap;
    place.from = place.firstBelowAt === -1 ? ids.length : place.firstBelowAt;
  }
  // Closed when the read ends on enough ids of one stretch below the gap, in their order.
  const tail = endsInPlace(ids, reading, segments, index);
  place.closed = enough > 0 && tail.segment !== undefined && tail.segment > at && tail.run >= enough;
  if (place.lastBelow !== undefined && !place.closed) place.unsureAt = place.firstBelowAt;
  return place;
}
