import type { Located, Segment } from './segments';

export type Kind = 'new' | 'old';

/** Known ids a read must find in their old order before it takes what follows for old ground. */
export const CONFIRM = 5;

export interface Reading {
  kinds: Kind[];
  /** Known ids that are still where they were: neither moved up nor new. */
  inPlace: boolean[];
  /** Segment of the last known id read in place, if any. */
  lastSegment: number | undefined;
  /** Where in `ids` that last known id is. */
  lastKnownAt: number;
}

/**
 * Splits one read of a position feed (ids in feed order) into new and old. Items only ever move
 * up by being added again (a re-follow, a re-bookmark): added items go on top, and items that
 * were not added again keep the order the state knows them in. So a known id is new when some
 * known id below it in the read was above it before: nothing but a new addition overtakes. An
 * unknown id sitting between two ids of one known stretch means the ids of that stretch above
 * it were added again after it arrived. Any other unknown id is new on top of everything known,
 * new in a gap a burst left, or old in a hole the state let go of.
 */
export function classify(
  ids: readonly string[],
  segments: readonly Segment[],
  index: ReadonlyMap<string, Located>,
): Reading {
  const located = ids.map((id) => index.get(id));
  const inPlace = located.map((known) => known !== undefined);

  let lowest = Infinity;
  for (let at = ids.length - 1; at >= 0; at -= 1) {
    const known = located[at];
    if (!known) continue;
    if (known.rank > lowest) inPlace[at] = false;
    else lowest = known.rank;
  }

  // An unknown id inside a stretch: the stretch's ids above it came back on top after it. It is
  // inside when the read meets the stretch again below it, or meets nothing known below it
  // while the stretch has ids after the one above it that the read has not shown (when a gap
  // follows the stretch, several of them: a few may have gone, and unknown ids in the gap are
  // new either way).
  const seen = new Set(ids);
  const remaining = (left: number) => {
    const { segment, position } = located[left]!;
    return segments[segment]!.ids.slice(position + 1).filter((id) => !seen.has(id)).length;
  };
  for (let changed = true; changed;) {
    changed = false;
    let left = -1;
    for (let at = 0; at < ids.length; at += 1) {
      if (inPlace[at]) {
        left = at;
        continue;
      }
      if (located[at] || left === -1) continue;
      const right = inPlace.indexOf(true, at + 1);
      const stretch = located[left]!.segment;
      const inside =
        right === -1
          ? remaining(left) >= (segments[stretch]!.gap === undefined ? 1 : CONFIRM)
          : located[right]!.segment === stretch;
      if (!inside) continue;
      for (let above = left; above >= 0; above -= 1)
        if (inPlace[above] && located[above]!.segment === stretch) inPlace[above] = false;
      changed = true;
      break;
    }
  }

  const reading: Reading = { kinds: [], inPlace, lastSegment: undefined, lastKnownAt: -1 };
  let left: number | undefined;
  reading.kinds = ids.map((_, at) => {
    const known = located[at];
    if (known && inPlace[at]) {
      left = known.segment;
      reading.lastSegment = known.segment;
      reading.lastKnownAt = at;
      return 'old';
    }
    if (known || left === undefined) return 'new';
    return segments[left]?.gap !== undefined ? 'new' : 'old';
  });
  return reading;
}
