import type { SocialDataError } from '../errors/classes';

/** Ids of a batch lookup that failed, and why. */
export interface BatchFailure {
  ids: string[];
  error: SocialDataError;
}

/** A batch lookup's outcome: every record found, and the batches that failed (none when all went well). */
export interface BatchResult<T> {
  records: T[];
  failures: BatchFailure[];
}
