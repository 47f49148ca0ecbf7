import type { Sleep } from './transport';

/**
 * When the requests of one or more clients may go out. Clients that share a gate share its
 * pace: the API's rate limit is the account's, so when one request is told 429 and to wait,
 * every request sharing the gate waits with it, instead of each meeting a 429 of its own (n8n
 * items run at once share one). It also spaces requests out when a client sets a rate.
 */
export class RequestGate {
  private nextSlot = 0;
  /** The wait of the latest 429, while it lasts; a wait, not a clock time, so an injected sleep rules it. */
  private paused: Promise<void> | undefined;
  /** When that wait ends by the clock of the client that began it: what a call with a deadline asks. */
  private pausedUntil = 0;

  /** When the 429 pause in progress ends (by the clock of the client that began it), if one is. */
  pauseEnd(): number | undefined {
    return this.paused ? this.pausedUntil : undefined;
  }

  /** Waits out a 429's wait in progress, then takes the next free slot of `requestsPerSecond`, if set. */
  async pass(
    now: () => number,
    sleep: Sleep,
    requestsPerSecond?: number,
    signal?: AbortSignal,
  ): Promise<void> {
    while (this.paused) await this.paused;
    if (!requestsPerSecond) return;
    const time = now();
    const slot = Math.max(time, this.nextSlot);
    this.nextSlot = slot + 1000 / requestsPerSecond;
    if (slot > time) await sleep(slot - time, signal);
  }

  /**
   * The wait after a 429 (`ms` from `now`), which holds back every request that passes the gate
   * until it ends, also when the request that met the 429 does not wait for it (decision B37).
   */
  hold(sleep: Sleep, ms: number, now: number, signal?: AbortSignal): Promise<void> {
    const paused: Promise<void> = sleep(ms, signal).finally(() => {
      if (this.paused === paused) this.paused = undefined;
    });
    this.paused = paused;
    this.pausedUntil = now + ms;
    return paused;
  }
}
