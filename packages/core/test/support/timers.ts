/**
 * Follows every timer started through the global `setTimeout` until it fires or is cleared, so a
 * test can say "nothing this code started keeps the process alive". Counting the process's active
 * timers instead failed CI at random: a timer of fetch's own or nock's ended in between.
 */
export function trackTimers(): { pending: () => NodeJS.Timeout[]; delays: () => number[]; stop: () => void } {
  const pending = new Set<NodeJS.Timeout>();
  const realSet = global.setTimeout;
  const realClear = global.clearTimeout;
  const started = jest.spyOn(global, 'setTimeout').mockImplementation(((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const timer = realSet(
      (...given: unknown[]) => {
        pending.delete(timer);
        callback(...given);
      },
      ms,
      ...args,
    );
    pending.add(timer);
    return timer;
  }) as unknown as typeof setTimeout);
  const cleared = jest.spyOn(global, 'clearTimeout').mockImplementation((timer) => {
    pending.delete(timer as NodeJS.Timeout);
    realClear(timer);
  });
  return {
    // Unref'd timers keep no process alive.
    pending: () => [...pending].filter((timer) => timer.hasRef()),
    delays: () => started.mock.calls.map(([, ms]) => ms ?? 0),
    stop: () => {
      started.mockRestore();
      cleared.mockRestore();
    },
  };
}
