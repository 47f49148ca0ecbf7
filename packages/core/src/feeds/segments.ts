/**
 * What a position feed (followers, members, bookmarks...) is known to look like: stretches of
 * ids in feed order, newest first, each followed by a hole. A hole is either old ground the state
 * let go of to stay bounded (unknown ids there are old), or a gap a burst left unread, with the
 * cursor where reading goes on (unknown ids there arrived with the burst). The last hole is the
 * rest of the feed, unless the state says the feed ended there.
 */
export interface Segment {
  ids: string[];
  /** Undefined: old ground. A string: an unread gap, continued from this cursor ('' for the top). */
  gap?: string;
  /**
   * With a gap: ids a burst read above or in it that cannot be reported until the gap meets the
   * ground below, which proves they arrived on top of it (decision N29).
   */
  pending?: string[];
  /** Polls in a row the gap's read could not find where it stands. */
  tries?: number;
}

/** Known ids a read from the top must find in their old order before it takes what follows for old ground. */
export const CONFIRM = 5;

/**
 * Drops stretches a read emptied where that loses nothing: an empty stretch between two holes of
 * old ground. The top and the last stay, and so does one below a gap, so that old ground under a
 * gap is never taken for the gap's.
 */
export function compact(segments: Segment[]): Segment[] {
  return segments.filter(
    (segment, at) =>
      segment.ids.length > 0 ||
      segment.gap !== undefined ||
      at === 0 ||
      at === segments.length - 1 ||
      segments[at - 1]!.gap !== undefined,
  );
}

export function knownCount(segments: readonly Segment[]): number {
  return segments.reduce((sum, segment) => sum + segment.ids.length, 0);
}

export function gapCount(segments: readonly Segment[]): number {
  return segments.filter((segment) => segment.gap !== undefined).length;
}

/**
 * Cuts the middle out of the longest stretches until the known ids fit `max`, keeping each end
 * (the top of a stretch is what a read from above meets first; its bottom, what a gap read meets
 * before the gap). What is cut becomes old ground, which is true: it was read, and new ids only
 * arrive at the top or in a gap. Once every stretch is short, whole stretches go from the middle,
 * where nothing reads them: never the top, a gap's burst or the ground below a gap. Only then do
 * the deepest ids go (`shortened`: the state no longer knows where the feed ends).
 */
export function bound(segments: Segment[], max: number): { segments: Segment[]; shortened: boolean } {
  const keepEnd = Math.max(1, Math.min(100, Math.floor(max / 10)));
  // A read from the top confirms its place on a run of known ids: the top keeps enough for one.
  const keepTopAtLeast = Math.max(keepEnd, CONFIRM);
  const result = segments.map((segment) => ({ ...segment, ids: [...segment.ids] }));
  let shortened = false;
  while (knownCount(result) > max) {
    const excess = knownCount(result) - max;
    let longest = 0;
    result.forEach((segment, at) => {
      if (segment.ids.length > result[longest]!.ids.length) longest = at;
    });
    const segment = result[longest]!;
    const least = longest === 0 ? keepTopAtLeast : keepEnd;
    const keepTop = Math.max(least, segment.ids.length - excess - keepEnd);
    if (keepTop + keepEnd < segment.ids.length) {
      const top: Segment = { ids: segment.ids.slice(0, keepTop) };
      // The bottom keeps the gap, and with it what the gap holds back and its tries.
      const bottom: Segment = { ...segment, ids: segment.ids.slice(-keepEnd) };
      result.splice(longest, 1, top, bottom);
      continue;
    }
    let spare = -1;
    for (let at = result.length - 2; at > 0 && spare === -1; at -= 1)
      if (result[at]!.gap === undefined && result[at - 1]!.gap === undefined) spare = at;
    if (spare !== -1) {
      result.splice(spare, 1);
      continue;
    }
    // Nothing else to spare: the deepest ids go, as the rest of the feed does.
    shortened = true;
    const last = result.at(-1)!;
    last.ids = last.ids.slice(0, Math.max(0, last.ids.length - excess));
    if (last.ids.length === 0 && result.length > 1) result.pop();
  }
  return { segments: result, shortened };
}
