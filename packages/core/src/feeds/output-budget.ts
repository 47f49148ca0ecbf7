/**
 * A poll's items as a host with an output limit sends them (Zapier refuses a poll past 6 MB):
 * each entry shaped once (entries with the same key are the same item) and measured as JSON with
 * the comma that joins it to the next, so a host asks whether entries fit before it keeps them.
 */
export interface OutputBudget<E, T> {
  /** The entry shaped; later calls with the same key return the same item. */
  item(entry: E): T;
  /** Whether these entries, shaped, stay within the limit. */
  fits(entries: readonly E[]): boolean;
  /** The longest leading run of `entries` within the limit: with the newest first, the newest. */
  leading(entries: readonly E[]): E[];
}

/**
 * `keyOf` names the record an entry stands for (a many-accounts poll's entry is `{ account,
 * record }`, shaped with its account); by default the entry is its own key.
 */
export function outputBudget<E, T>(
  shape: (entry: E) => T,
  limitBytes: number,
  keyOf: (entry: E) => unknown = (entry) => entry,
): OutputBudget<E, T> {
  const sized = new Map<unknown, { item: T; bytes: number }>();
  const measure = (entry: E) => {
    const key = keyOf(entry);
    let found = sized.get(key);
    if (!found) {
      const item = shape(entry);
      found = { item, bytes: new TextEncoder().encode(JSON.stringify(item)).byteLength + 1 };
      sized.set(key, found);
    }
    return found;
  };
  const leading = (entries: readonly E[]) => {
    let total = 0;
    const taken: E[] = [];
    for (const entry of entries) {
      total += measure(entry).bytes;
      if (total > limitBytes) break;
      taken.push(entry);
    }
    return taken;
  };
  return {
    item: (entry) => measure(entry).item,
    fits: (entries) => leading(entries).length === entries.length,
    leading,
  };
}

/** Each item once, the first time its id comes: a feed that moves between two pages repeats one. */
export function firstOfEachId<T>(items: readonly T[]): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const id = (item as { id?: unknown }).id;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
