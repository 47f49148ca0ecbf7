import { count } from './numbers';

export interface Progress {
  update(records: number, pages: number): void;
  /** Clears the bar, so the terminal is left with the output and any error alone. */
  stop(): void;
}

export type ProgressChoice = 'auto' | 'on' | 'off';

const silent: Progress = { update() {}, stop() {} };

/** Bars on screen now: a line written to stderr meanwhile would land inside one. */
let drawn = 0;

/** Whether a bar is drawn: a line for the user waits, the bar's clock showing the time pass. */
export function barOnScreen(): boolean {
  return drawn > 0;
}

/** Shown on stderr when it is a terminal (`auto`), always (`--progress`) or never (`--quiet`). */
export function progressEnabled(choice: ProgressChoice): boolean {
  return choice === 'on' || (choice === 'auto' && process.stderr.isTTY === true);
}

/**
 * Records, pages, rate and elapsed time; a bar and a percentage when the total is known (a
 * profile's follower count before its followers are paged).
 */
export async function createProgress(
  choice: ProgressChoice,
  total: number | undefined,
  now = Date.now,
  /** Records an earlier, interrupted run wrote: counted in the bar, not in this run's rate. */
  resumedAt = 0,
): Promise<Progress> {
  if (!progressEnabled(choice)) return silent;
  // Loaded only when a bar is drawn: cron runs and pipes never pay its start-up time.
  const { SingleBar } = await import('cli-progress');
  // Counts with thousands separators, as every other line of the CLI writes them.
  const rest = 'records | {pages} pages | {rate}/s | {duration_formatted}';
  const bar = new SingleBar({
    stream: process.stderr,
    format: total === undefined ? `{records} ${rest}` : `{bar} {percentage}% | {records}/{of} ${rest}`,
    clearOnComplete: true,
    hideCursor: true,
    noTTYOutput: choice === 'on' && process.stderr.isTTY !== true,
    etaBuffer: 50,
  });
  const started = now();
  bar.start(total ?? 0, 0, { pages: '0', rate: '0', records: '0', of: count(total ?? 0) });
  drawn += 1;
  return {
    update(records, pages) {
      const seconds = (now() - started) / 1000;
      const rate = seconds > 0 ? Math.round((records - resumedAt) / seconds) : 0;
      bar.update(records, { pages: count(pages), rate: count(rate), records: count(records) });
    },
    stop() {
      bar.stop();
      drawn -= 1;
    },
  };
}
