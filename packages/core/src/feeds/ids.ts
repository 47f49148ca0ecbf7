/** Orders numeric id strings without losing precision: a longer id is larger, then by digits. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function newestFirst(ids: Iterable<string>): string[] {
  return [...new Set(ids)].sort((a, b) => compareIds(b, a));
}
