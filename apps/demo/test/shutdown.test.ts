import { Shutdown } from '../src/shutdown';

/**
 * One Ctrl-C under `npm run dev` reaches the process twice (the terminal's signal and npm's
 * forwarded copy). Node kills a process by its default action when a signal finds no listener,
 * so a listener must still be there while the stack closes, and the stack closes once.
 */
// Each test's Shutdown listens for good: its listeners go after the test, no one else's.
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

describe('a Ctrl-C that arrives twice', () => {
  it.each(signals)('after %s, still finds a listener, closes the stack once, then exits', async (signal) => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    let release = () => {};
    const closing = new Promise<void>((resolve) => (release = resolve));
    const close = jest.fn(() => closing);
    new Shutdown(130).track(close);

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

/**
 * A start that hangs (n8n that never answers) is not waited for: Ctrl-C stops what has started
 * by then, and before anything has, the process just ends. Only SIGKILL used to end such a hang.
 */
describe('a Ctrl-C while the stack is starting', () => {
  it('ends at once when nothing has started yet', async () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    new Shutdown(130);
    process.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exit).toHaveBeenCalledWith(130);
    expect(log.mock.calls.flat().join('\n')).toMatch(/nothing to clean up/);
  });

  it('exits only once what has started is closed', async () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    let release = () => {};
    const shutdown = new Shutdown(0);
    shutdown.track(() => new Promise<void>((resolve) => (release = resolve)));
    process.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(exit).not.toHaveBeenCalled();
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('stops what has started without waiting for the start to finish, and only once', async () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const shutdown = new Shutdown(0);
    const close = jest.fn(() => Promise.resolve());
    // The sandbox and the n8n folder exist; the rest of the start never comes.
    shutdown.track(close);
    process.emit('SIGINT');
    process.emit('SIGINT');
    await new Promise((resolve) => setImmediate(resolve));
    expect(close).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(0);
  });
});
