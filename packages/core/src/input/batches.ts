/** Splits ids into the chunks one request carries. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `task` over `items` with at most `limit` in flight and settles each, in input order. Once
 * a failure for which `stopsAll` is true happens (an error every other item would meet too), no
 * new task starts: the items left settle with that same error. Tasks still running see
 * `stopped()` turn true, so they can stop instead of retrying for a call that is over.
 */
export async function settleWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, stopped: () => boolean) => Promise<R>,
  stopsAll: (error: unknown) => boolean,
): Promise<Settled<R>[]> {
  const results = new Array<Settled<R>>(items.length);
  let next = 0;
  let stop: { error: unknown } | undefined;
  const stopped = () => stop !== undefined;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      if (stop) {
        results[index] = { ok: false, error: stop.error };
        continue;
      }
      try {
        results[index] = { ok: true, value: await task(items[index] as T, stopped) };
      } catch (error) {
        results[index] = { ok: false, error };
        if (!stop && stopsAll(error)) stop = { error };
      }
    }
  }
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}

/**
 * Records ordered as their ids were asked for, each id once: one record an id asked for, never
 * more (decision B11). Ids the API did not return are skipped; a record for an id nobody asked for
 * (or with no id) is no answer to the question and is left out, so 350 ids never come back as 351
 * records and a step that pairs its answers with its inputs stays paired.
 */
export function inInputOrder<T extends { id: string }>(ids: readonly string[], records: Iterable<T>): T[] {
  const byId = new Map<string, T>();
  for (const record of records) {
    if (typeof record?.id === 'string' && !byId.has(record.id)) byId.set(record.id, record);
  }
  const ordered: T[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    if (record) {
      ordered.push(record);
      byId.delete(id);
    }
  }
  return ordered;
}
