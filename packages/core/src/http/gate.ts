import type { Sleep } from './transport';

/**
 * When the requests of one or more clients may go out. Clients that share a gate share its
 * pace: the API's rate limit is the account's, so when one request is told 429 and to wait,
 * every request sharing the gate waits too, instead of each meeting a 429 of its own (n8n items
 * run at once share one). It also spaces requests out when a client sets a rate.
 */
export class RequestGate {
  private nextSlot = 0;
  private pausedUntil = 0;

  /**
   * Waits out a pause the request has not already waited out (`waitedUntil`, from `pause()`),
   * then takes the next free slot of `requestsPerSecond`, if set.
   */
  async pass(now: () => number, sleep: Sleep, requestsPerSecond?: number, waitedUntil = 0): Promise<void> {
    if (this.pausedUntil > waitedUntil) {
      const wait = this.pausedUntil - now();
      if (wait > 0) await sleep(wait);
    }
    if (!requestsPerSecond) return;
    const time = now();
    const slot = Math.max(time, this.nextSlot);
    this.nextSlot = slot + 1000 / requestsPerSecond;
    if (slot > time) await sleep(slot - time);
  }

  /** Holds every request back for `ms` from `now` (a 429's wait); returns when the pause ends. */
  pause(now: number, ms: number): number {
    this.pausedUntil = Math.max(this.pausedUntil, now + ms);
    return now + ms;
  }
}
