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
 * Records ordered as their ids were asked for, each id once. Ids the API did not return are
 * skipped; records it returned for ids nobody asked for are kept, after the rest, rather than
 * dropped.
 */
export function inInputOrder<T extends { id: string }>(ids: readonly string[], records: Iterable<T>): T[] {
  const byId = new Map<string, T>();
  const extra: T[] = [];
  for (const record of records) {
    if (typeof record?.id !== 'string') extra.push(record);
    else if (!byId.has(record.id)) byId.set(record.id, record);
  }
  const ordered: T[] = [];
  for (const id of ids) {
    const record = byId.get(id);
    if (record) {
      ordered.push(record);
      byId.delete(id);
    }
  }
  for (const record of byId.values()) ordered.push(record);
  for (const record of extra) ordered.push(record);
  return ordered;
}
