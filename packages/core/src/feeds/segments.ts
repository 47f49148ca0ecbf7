/**
 * What a position feed (followers, members, bookmarks...) is known to look like: stretches of
 * ids in feed order, newest first, each followed by a hole. A hole is either old ground the state
 * let go of to stay bounded (unknown ids there are old), or a gap a burst left unread, with the
 * cursor where reading goes on (unknown ids there are new). The last hole is the rest of the feed.
 */
export interface Segment {
  ids: string[];
  /** Undefined: old ground. A string: an unread gap, continued from this cursor. */
  gap?: string;
  /** Polls in a row that met the stretch below the gap with too few ids to be sure of it. */
  tries?: number;
}

export interface Located {
  segment: number;
  /** Place in its segment. */
  position: number;
  /** Order in the whole known feed, for checking that old items kept their order. */
  rank: number;
}

export function locate(segments: readonly Segment[]): Map<string, Located> {
  const index = new Map<string, Located>();
  let rank = 0;
  segments.forEach((segment, at) => {
    segment.ids.forEach((id, position) => {
      if (!index.has(id)) index.set(id, { segment: at, position, rank: rank++ });
    });
  });
  return index;
}

export function knownCount(segments: readonly Segment[]): number {
  return segments.reduce((sum, segment) => sum + segment.ids.length, 0);
}

export function gapCount(segments: readonly Segment[]): number {
  return segments.filter((segment) => segment.gap !== undefined).length;
}

/** Ids kept at each end of a stretch the bound cuts: the top anchors the head, the bottom a gap. */
const KEEP_END = 100;

/**
 * Cuts the middle out of the longest stretches until the known ids fit `max`. What is cut becomes
 * old ground: an unknown id met there later is old, which is true, since new ids only arrive at
 * the top or in a gap.
 */
export function bound(segments: Segment[], max: number): Segment[] {
  let result = segments.map((segment) => ({ ...segment, ids: [...segment.ids] }));
  while (knownCount(result) > max) {
    const excess = knownCount(result) - max;
    let longest = 0;
    result.forEach((segment, at) => {
      if (segment.ids.length > result[longest]!.ids.length) longest = at;
    });
    const segment = result[longest]!;
    const keepTop = segment.ids.length - excess - KEEP_END;
    if (keepTop < KEEP_END) {
      // Every stretch is already short: the deepest ids go, as the rest of the feed does.
      const last = result.at(-1)!;
      last.ids = last.ids.slice(0, Math.max(0, last.ids.length - excess));
      if (last.ids.length === 0) result = result.slice(0, -1);
      continue;
    }
    const top: Segment = { ids: segment.ids.slice(0, keepTop) };
    const bottom: Segment = { ids: segment.ids.slice(-KEEP_END) };
    if (segment.gap !== undefined) bottom.gap = segment.gap;
    result.splice(longest, 1, top, bottom);
  }
  return result;
}
