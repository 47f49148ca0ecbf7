import type { WatchState } from './state';

/**
 * What a host that drops every id it has been given before (Zapier's dedupe) needs of a position
 * feed's watch. An account that leaves and follows again is an addition the watch reports
 * (decision N29), by the id the host was given at its first follow, so the host would drop it
 * without a word. The watch remembers the last ids it handed over, beside its state, and names
 * the records it hands over again that came back: the host gives those an event id of its own.
 */
export interface Handed {
  /** Ids of this poll's records the host was given before and that came back. */
  again: ReadonlySet<string>;
  /** The state to save, remembering this poll's ids too. */
  state: WatchState | undefined;
}

/**
 * The ground a state knows, in feed order (top first). A burst's held-back ids are left out:
 * they were unknown when read, so whatever the watch knew of them before is gone.
 */
function ground(state: WatchState | undefined): string[] {
  if (state?.v !== 2) return [];
  return state.segments.flatMap((segment) => {
    // A Set: a stretch and its burst may each hold thousands of ids, and a poll has 30 s on Zapier.
    const held = new Set(segment.pending);
    return segment.ids.filter((id) => !held.has(id));
  });
}

/**
 * Ids handed over before this poll, oldest first. A state saved before they were kept gives the
 * ground it knows: each id was reported, or taken note of by the first poll, which the host was
 * given; a burst held back was not.
 */
function handedBefore(state: WatchState | undefined): string[] {
  if (state?.v !== 2) return [];
  if (Array.isArray(state.handed)) return state.handed.filter((id) => typeof id === 'string');
  return ground(state).reverse();
}

/**
 * The records of this poll that came back, and the state to save with `given` (the ids this poll
 * hands over, oldest first) remembered after the rest, the last `bound` of them kept.
 *
 * A record handed over before came back when the watch saw it leave (its ground no longer holds
 * it), or when the ground held it below an item that is still there and was not reported: items
 * never move down (N29), so it moved up, which only an addition does. A record the ground held
 * above everything still there may be a repeat instead: a read the feed changed under reports
 * again what it met above the change (decision N16). That one keeps its id, and Zapier's dedupe
 * keeps a repeat out, and with it an item at the top that left and came back between two polls.
 * A watch that starts over (an account that answered none of the ids it knew: suspended, renamed,
 * or emptied) forgets what it handed over, as everything it then reads is reported again.
 */
export function handedOver(
  before: WatchState | undefined,
  after: WatchState | undefined,
  given: readonly string[],
  bound: number,
): Handed {
  const earlier = handedBefore(before);
  const seen = new Set(earlier);
  const now = new Set(given);
  const old = ground(before);
  const place = new Map(old.map((id, at) => [id, at]));
  const kept = new Set(ground(after));
  // The highest place of the old ground still there and not reported: a known record below it moved up.
  const stays = old.findIndex((id) => kept.has(id) && !now.has(id));
  const cameBack = (id: string) => {
    const at = place.get(id);
    return at === undefined || (stays !== -1 && at > stays);
  };
  const again = new Set(given.filter((id) => seen.has(id) && cameBack(id)));
  if (after?.v !== 2) return { again, state: after };
  // The watch started over on an answer that held none of its ground (decision N29's disjoint feed).
  const restarted = old.length > 0 && !old.some((id) => kept.has(id));
  const handed = restarted
    ? []
    : [...earlier.filter((id) => !now.has(id)), ...given].slice(-Math.max(1, bound));
  return { again, state: { ...after, handed } };
}
