/** Orders numeric id strings without losing precision: a longer id is larger, then by digits. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function newestFirst(ids: Iterable<string>): string[] {
  return [...new Set(ids)].sort((a, b) => compareIds(b, a));
}

export type IdRange = [low: string, high: string];

/** The lowest and highest of some ids, or undefined for none. */
export function rangeOf(ids: readonly string[]): IdRange | undefined {
  if (ids.length === 0) return undefined;
  const sorted = newestFirst(ids);
  return [sorted.at(-1)!, sorted[0]!];
}

/** Ranges with one more, merged where they overlap, lowest first. */
export function addRange(ranges: readonly IdRange[], range: IdRange | undefined): IdRange[] {
  const all = [...ranges, ...(range ? [range] : [])].sort((a, b) => compareIds(a[0], b[0]));
  const merged: IdRange[] = [];
  for (const [low, high] of all) {
    const last = merged.at(-1);
    if (last && compareIds(low, last[1]) <= 0) {
      if (compareIds(high, last[1]) > 0) last[1] = high;
    } else merged.push([low, high]);
  }
  return merged;
}

export function inRanges(ranges: readonly IdRange[], id: string): boolean {
  return ranges.some(([low, high]) => compareIds(id, low) >= 0 && compareIds(id, high) <= 0);
}
