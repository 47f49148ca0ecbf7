/** Splits ids into the chunks one request carries. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
}

/**
 * Runs `task` over `items` with at most `limit` in flight, results in input order. After the
 * first failure no new task starts, and that failure is what the call rejects with. Tasks still
 * running see `failed()` turn true, so they can stop instead of retrying for a call that is over.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, failed: () => boolean) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const hasFailed = () => failed;
  async function worker(): Promise<void> {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T, hasFailed);
      } catch (error) {
        failed = true;
        throw error;
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
export function inInputOrder<T extends { id: string }>(ids: readonly string[], records: readonly T[]): T[] {
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
  return [...ordered, ...byId.values(), ...extra];
}
