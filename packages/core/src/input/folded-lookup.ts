import type { BatchFailure, BatchResult } from './batch-result';

/**
 * Hands the answer of one folded batch lookup back to the callers whose ids it carried: each
 * caller gets the records of its own ids, in the order it asked for them, and the failures that
 * hit its ids. A batch's records are already those its ids asked for (`inInputOrder`).
 */
export function unfold<T extends { id: string }>(
  asked: readonly (readonly string[])[],
  found: BatchResult<T>,
): BatchResult<T>[] {
  const byId = new Map<string, T>();
  for (const record of found.records) byId.set(record.id, record);
  const failedWith = new Map<string, BatchFailure>();
  for (const failure of found.failures) for (const id of failure.ids) failedWith.set(id, failure);
  return asked.map((ids) => {
    const records: T[] = [];
    const failures = new Map<BatchFailure, string[]>();
    for (const id of new Set(ids)) {
      const record = byId.get(id);
      const failure = failedWith.get(id);
      if (record) records.push(record);
      else if (failure) {
        const failedIds = failures.get(failure);
        if (failedIds) failedIds.push(id);
        else failures.set(failure, [id]);
      }
    }
    return {
      records,
      failures: Array.from(failures, ([failure, failedIds]) => ({ ids: failedIds, error: failure.error })),
    };
  });
}
