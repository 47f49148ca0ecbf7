/**
 * The ids of the latest records, oldest forgotten first once `capacity` is reached. The order is
 * kept in a ring beside the set: forgetting through the set's own iterator (`values().next()`)
 * walks past every entry deleted before it, which made a million-record read quadratic.
 */
export class RecentIds {
  private readonly ids = new Set<string>();
  private readonly order: string[] = [];
  private oldest = 0;

  constructor(private readonly capacity: number) {}

  /**
   * The records of a page to hand out: from `offset` on, at most `room`, each id once per run (a
   * record already handed out is left out). `fresh` is whether the page held any id not seen
   * before, which is what counts as progress.
   */
  take<T>(page: readonly T[], offset: number, room: number) {
    const records: T[] = [];
    const positions: number[] = [];
    let fresh = false;
    page.forEach((record, index) => {
      const id = (record as { id?: unknown } | null)?.id;
      const unseen = typeof id !== 'string' || this.remember(id);
      if (typeof id === 'string' && unseen) fresh = true;
      if (unseen && index >= offset && records.length < room) {
        records.push(record);
        positions.push(index);
      }
    });
    return { records, positions, fresh };
  }

  /** Remembers an id; false when it was already known. */
  private remember(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.order.length < this.capacity) {
      this.order.push(id);
      return true;
    }
    this.ids.delete(this.order[this.oldest]!);
    this.order[this.oldest] = id;
    this.oldest = (this.oldest + 1) % this.capacity;
    return true;
  }
}
