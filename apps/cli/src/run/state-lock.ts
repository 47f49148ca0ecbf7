import { lock } from 'proper-lockfile';
import { Stopped, UsageError } from './failure';

/**
 * How long a lock outlives a run that cannot keep it fresh (killed, the machine asleep) before
 * another run takes it over. The holder refreshes it every half of this.
 */
const STALE_MS = 60_000;

export interface StateLock {
  release(): Promise<void>;
  /** Throws once another run has taken the lock over: this run must not poll the state again. */
  check(): void;
}

/**
 * Holds a watch's state file for one run, by a lock beside it (`FILE.lock`): two runs on one state
 * (a cron tick that starts while the last run still polls) would each read the same state and
 * print the same items. The second run is refused before any request, naming the file. A run
 * that could not keep its lock fresh (the machine slept) finds it taken over and stops before
 * its next poll, since the other run now polls the same state.
 */
export async function lockState(path: string): Promise<StateLock> {
  let lost = false;
  let release: () => Promise<void>;
  try {
    release = await lock(path, {
      realpath: false,
      stale: STALE_MS,
      onCompromised: () => {
        lost = true;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new UsageError(
      `Another watch is running on the state file ${path}.`,
      `Let it end first (a lock left by a run that was killed is taken over after ${STALE_MS / 1000} s), or give this watch a --state file of its own.`,
    );
  }
  return {
    // A lock taken over cannot be released: it is the other run's now.
    release: () => (lost ? Promise.resolve() : release()),
    check: () => {
      if (lost)
        throw new Stopped(
          `The lock on ${path} was lost (the machine slept, or the lock was removed), and another watch may poll this state now: this one stops so that the two do not print the same items.`,
          'Start the watch again once the other has ended.',
        );
    },
  };
}
