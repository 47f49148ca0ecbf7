import { Interrupted } from './failure';

export interface Interrupt {
  readonly signal: AbortSignal;
  /** Throws Interrupted once Ctrl-C was pressed, for loops between requests. */
  check(): void;
  dispose(): void;
}

/**
 * Ctrl-C (or SIGTERM from cron or systemd) cancels the request in flight through core's signal,
 * so the run ends between two pages with everything written saved; a second Ctrl-C exits at once.
 */
export function onInterrupt(): Interrupt {
  const controller = new AbortController();
  const handler = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Interrupted('Interrupted'));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    check() {
      if (controller.signal.aborted) throw new Interrupted('Interrupted');
    },
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
