import { lock } from 'proper-lockfile';
import { UsageError } from './failure';

/**
 * How long a lock outlives a run that cannot keep it fresh (killed, the machine asleep) before
 * another run takes it over. The holder refreshes it every half of this.
 */
const STALE_MS = 60_000;

/**
 * Holds a watch's state file for one run, by a lock beside it (`FILE.lock`): two runs on one state
 * (a cron tick that starts while the last run still polls) would each read the same state and
 * print the same items. The second run is refused before any request, naming the file. A lock
 * taken over while this run held it (it could not refresh it in time) is said on stderr.
 */
export async function lockState(path: string): Promise<() => Promise<void>> {
  try {
    return await lock(path, {
      realpath: false,
      stale: STALE_MS,
      onCompromised: () =>
        process.stderr.write(
          `social-data: warning: the lock on ${path} was lost (the machine slept, or the lock was removed): another watch may now run on this state, and items may repeat\n`,
        ),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new UsageError(
      `Another watch is running on the state file ${path}.`,
      `Let it end first (a lock left by a run that was killed is taken over after ${STALE_MS / 1000} s), or give this watch a --state file of its own.`,
    );
  }
}
