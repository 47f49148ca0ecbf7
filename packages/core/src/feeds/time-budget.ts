/**
 * A host's time as a budget between steps (pages, accounts): another step is taken only when one
 * as long as the longest so far still ends before `deadline` (a time in ms since the epoch).
 */
export function timeBudget(deadline: number, now: () => number = Date.now): () => boolean {
  let since = now();
  let longest = 0;
  return () => {
    const at = now();
    longest = Math.max(longest, at - since);
    since = at;
    return at + longest < deadline;
  };
}
