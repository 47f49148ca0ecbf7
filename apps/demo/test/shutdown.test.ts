import type { Stack } from '../src/stack';
import { Shutdown } from '../src/shutdown';

/**
 * One Ctrl-C under `npm run dev` reaches the process twice (the terminal's signal and npm's
 * forwarded copy). Node kills a process by its default action when a signal finds no listener,
 * so a listener must still be there while the stack closes, and the stack closes once.
 */
describe('a Ctrl-C that arrives twice', () => {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  let before: Record<string, NodeJS.SignalsListener[]>;
  beforeEach(() => {
    before = Object.fromEntries(
      signals.map((signal) => [signal, process.listeners(signal) as NodeJS.SignalsListener[]]),
    );
  });
  afterEach(() => {
    for (const signal of signals)
      for (const listener of process.listeners(signal) as NodeJS.SignalsListener[])
        if (!before[signal]!.includes(listener)) process.off(signal, listener);
    jest.restoreAllMocks();
  });

  it.each(signals)('after %s, still finds a listener, closes the stack once, then exits', async (signal) => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    let release = () => {};
    const closing = new Promise<void>((resolve) => (release = resolve));
    const close = jest.fn(() => closing);
    new Shutdown(130).attach({ close } as unknown as Stack);

    process.emit(signal);
    // The copy that follows: without a listener, Node would end the process here, folder left.
    expect(process.listenerCount('SIGINT')).toBeGreaterThan(before.SIGINT!.length);
    expect(process.listenerCount('SIGTERM')).toBeGreaterThan(before.SIGTERM!.length);
    process.emit('SIGINT');
    release();
    await closing;
    await new Promise((resolve) => setImmediate(resolve));
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(130);
  });
});
