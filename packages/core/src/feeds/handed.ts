import type { WatchState } from './state';

/**
 * What a host that drops every id it has been given before (Zapier's dedupe) needs of a position
 * feed's watch. An account that leaves and follows again is an addition the watch reports
 * (decision N29), but the state let go of it when it left, so the watch cannot tell it from a
 * first follow, and the host would drop it without a word. The watch remembers the last ids it
 * handed over, beside its state, and names the records it hands over again: the host gives those
 * an event id of their own.
 */
export interface Handed {
  /** Ids of this poll's records the host was given before: each an item added again. */
  again: ReadonlySet<string>;
  /** The state to save, remembering this poll's ids too. */
  state: WatchState | undefined;
}

/** Ids the state remembers: the ground it knows and the bursts it holds back. */
function remembered(state: WatchState | undefined): Set<string> {
  if (state?.v !== 2) return new Set();
  return new Set(state.segments.flatMap((segment) => [...segment.ids, ...(segment.pending ?? [])]));
}

/**
 * Ids handed over before this poll, oldest first. A state saved before they were kept gives the
 * ground it knows: each id was reported, or taken note of by the first poll, which the host was
 * given; a burst held back was not.
 */
function handedBefore(state: WatchState | undefined): string[] {
  if (state?.v !== 2) return [];
  if (Array.isArray(state.handed)) return state.handed.filter((id) => typeof id === 'string');
  return state.segments
    .flatMap((segment) => segment.ids.filter((id) => !segment.pending?.includes(id)))
    .reverse();
}

/**
 * The records of this poll handed over before, and the state to save with `given` (the ids this
 * poll hands over, oldest first) remembered after the rest, the last `bound` of them kept.
 *
 * Added again means handed over before and no longer remembered by the watch: it saw the item
 * leave. An id the watch still remembers, reported again, is no proof of a return: a read the
 * feed changed under repeats what it had met above the change (decision N16), and Zapier's dedupe
 * keeps that out. So an item that leaves and comes back between two polls keeps its id.
 */
export function handedOver(
  before: WatchState | undefined,
  after: WatchState | undefined,
  given: readonly string[],
  bound: number,
): Handed {
  const earlier = handedBefore(before);
  const seen = new Set(earlier);
  const still = remembered(before);
  const now = new Set(given);
  const again = new Set(given.filter((id) => seen.has(id) && !still.has(id)));
  if (after?.v !== 2) return { again, state: after };
  const handed = [...earlier.filter((id) => !now.has(id)), ...given].slice(-bound);
  return { again, state: { ...after, handed } };
}
