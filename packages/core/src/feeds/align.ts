import type { Segment } from './segments';

/**
 * Where a read of a position feed sits in what the state knows (decision N29).
 *
 * The invariant: additions only ever appear at the top; below them is the old feed minus what
 * left, in its old order. The state knows the old feed as stretches of ids with a hole after
 * each (old ground it let go of, or a gap a burst left unread). So a read, a run of the feed's
 * ids in order, is some additions, then survivors: known ids in their old order, unknown ids
 * only where a hole can hold them. `align` finds the longest tail of the read that can be
 * survivors (anything above it certainly arrived since) and, for each unknown id in it, which
 * holes could hold it: one gap, new; only old ground, right below a run of its own stretch's
 * ids, old; anything else, unsure. A read below a gap is aligned the same way, with the
 * stretches below that gap.
 */

/** A known id's place, or a hole's: the hole after stretch `segment` has position `HOLE`. */
export interface Spot {
  segment: number;
  position: number;
}

export const HOLE = Number.POSITIVE_INFINITY;

export type Label =
  /** Above every survivor: arrived since the state was read (new, or added again). */
  | { kind: 'added' }
  /** A known id in its old order. */
  | { kind: 'known'; spot: Spot }
  /** An unknown survivor: the earliest (`first`) and latest (`hole`) holes that can hold it. */
  | { kind: 'unknown'; first: number; hole: number; is: 'gap' | 'old' | 'unsure' };

export interface Alignment {
  /** Where the survivors start; positions before it are additions. */
  start: number;
  labels: Label[];
  /** Where the first run of `enough` known ids in old order ends, or -1. */
  confirmedAt: number;
}

export type Index = ReadonlyMap<string, Spot>;

export function indexOf(segments: readonly Segment[]): Map<string, Spot> {
  const index = new Map<string, Spot>();
  segments.forEach((segment, at) =>
    segment.ids.forEach((id, position) => {
      if (!index.has(id)) index.set(id, { segment: at, position });
    }),
  );
  return index;
}

const before = (a: Spot, b: Spot) =>
  a.segment < b.segment || (a.segment === b.segment && a.position < b.position);

export interface AlignOptions {
  /** The old feed ended right after the last stretch: its last hole holds nothing. */
  end: boolean;
  /** Known ids in old order that confirm the read has reached old ground. */
  enough: number;
}

export function align(
  ids: readonly string[],
  segments: readonly Segment[],
  index: Index,
  { end, enough }: AlignOptions,
): Alignment {
  const last = segments.length - 1;
  const usable = (hole: number) => hole >= 0 && (hole < last || !end);
  /** The latest usable hole at or above `limit` (a hole's spot, or strictly above a known id). */
  const holeAbove = (limit: Spot) => {
    let hole = limit.position === HOLE ? limit.segment : limit.segment - 1;
    while (hole >= 0 && !usable(hole)) hole -= 1;
    return hole;
  };

  // Right to left, each survivor as late as it can be: the longest tail that can be survivors.
  const late: (Spot | undefined)[] = ids.map(() => undefined);
  let limit: Spot = { segment: last, position: HOLE };
  let start = 0;
  for (let at = ids.length - 1; at >= 0; at -= 1) {
    const known = index.get(ids[at]!);
    if (known) {
      if (!before(known, limit)) {
        start = at + 1;
        break;
      }
      limit = known;
    } else {
      const hole = holeAbove(limit);
      if (hole < 0) {
        start = at + 1;
        break;
      }
      limit = { segment: hole, position: HOLE };
    }
    late[at] = limit;
  }

  // Left to right, each unknown survivor as early as it can be, and what stretch precedes it.
  const labels: Label[] = ids.map(() => ({ kind: 'added' }));
  let earliest = 0;
  let knownSegment: number | undefined;
  let run = 0;
  /** The run of known ids right before the unknown ids being labelled. */
  let above = 0;
  let runAt: Spot | undefined;
  let confirmedAt = -1;
  for (let at = start; at < ids.length; at += 1) {
    const spot = late[at]!;
    if (spot.position !== HOLE) {
      labels[at] = { kind: 'known', spot };
      knownSegment = spot.segment;
      earliest = Math.max(earliest, spot.segment);
      const continues = runAt !== undefined && runAt.segment === spot.segment;
      run = continues ? run + 1 : 1;
      runAt = spot;
      if (run >= enough && confirmedAt === -1) confirmedAt = at;
      continue;
    }
    if (runAt !== undefined) above = run;
    run = 0;
    runAt = undefined;
    while (!usable(earliest)) earliest += 1;
    const single = earliest === spot.segment;
    const holes = segments.slice(earliest, spot.segment + 1);
    let is: 'gap' | 'old' | 'unsure' = 'unsure';
    // In a gap: it arrived with the burst. Old only in holes of old ground, right below enough
    // of its stretch's ids in their order: one deep known id, or a few, above an unknown one
    // may have come back on top after it, while the rest of their stretch left.
    if (single && segments[spot.segment]!.gap !== undefined) is = 'gap';
    else if (
      holes.every((segment) => segment.gap === undefined) &&
      knownSegment === earliest &&
      above >= enough
    )
      is = 'old';
    labels[at] = { kind: 'unknown', first: earliest, hole: spot.segment, is };
  }
  return { start, labels, confirmedAt };
}
