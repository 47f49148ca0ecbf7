import { parseUint64 } from './uint64';

/**
 * The ids of the latest records, oldest forgotten first once `capacity` is reached.
 *
 * Record ids are decimal strings of 64-bit integers, and a read remembers 100,000 of them: as
 * strings in a Set (plus the order to forget them in) that was 10 to 13 MB of live heap, which V8
 * answers by committing several times as much, most of a million-record export's memory. So an id
 * is kept as its two 32-bit halves in a ring of typed arrays (the order, oldest next to be
 * overwritten), and an open-addressing table finds it by hash: about 2 MB for 100,000 ids, no
 * object per id. An id that is not such a number as written ("007", "abc", 2^64) keeps its string
 * in `named`, so it is told apart from every other id all the same.
 */
export class RecentIds {
  private readonly high: Uint32Array;
  private readonly low: Uint32Array;
  /** Ring positions of the ids that are not plain 64-bit decimals, with their strings. */
  private readonly named = new Map<number, string>();
  private readonly namedPositions = new Map<string, number>();
  /** Ring position + 1 of each numeric id, at its hash or just after; 0 is an empty slot. */
  private readonly table: Uint32Array;
  private readonly mask: number;
  private size = 0;
  private oldest = 0;
  /** The id being looked up, as `parseUint64` leaves it: high and low halves. */
  private readonly parsed = new Uint32Array(2);

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity ${capacity}`);
    this.high = new Uint32Array(capacity);
    this.low = new Uint32Array(capacity);
    // At most half full, so a lookup probes one or two slots.
    let slots = 2;
    while (slots < capacity * 2) slots *= 2;
    this.table = new Uint32Array(slots);
    this.mask = slots - 1;
  }

  /**
   * The records of a page to hand out: from `offset` on, at most `room`, each id once per run (a
   * record already handed out is left out). `fresh` is whether the page held any id not seen
   * before, which is what counts as progress.
   */
  take<T>(page: readonly T[], offset: number, room: number) {
    const records: T[] = [];
    const positions: number[] = [];
    let fresh = false;
    for (let index = 0; index < page.length; index += 1) {
      const record = page[index]!;
      const id = (record as { id?: unknown } | null)?.id;
      const unseen = typeof id !== 'string' || this.remember(id);
      if (typeof id === 'string' && unseen) fresh = true;
      if (unseen && index >= offset && records.length < room) {
        records.push(record);
        positions.push(index);
      }
    }
    return { records, positions, fresh };
  }

  /** Remembers an id; false when it was already known. */
  private remember(id: string): boolean {
    const numeric = parseUint64(id, this.parsed);
    const high = this.parsed[0]!;
    const low = this.parsed[1]!;
    if (numeric ? this.find(high, low) >= 0 : this.namedPositions.has(id)) return false;
    const position = this.size < this.capacity ? this.size++ : this.forgetOldest();
    if (numeric) {
      this.high[position] = high;
      this.low[position] = low;
      let slot = hash(high, low) & this.mask;
      while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
      this.table[slot] = position + 1;
    } else {
      this.named.set(position, id);
      this.namedPositions.set(id, position);
    }
    return true;
  }

  /** Frees the oldest id's ring position, which the next id takes. */
  private forgetOldest(): number {
    const position = this.oldest;
    this.oldest = (position + 1) % this.capacity;
    const name = this.named.get(position);
    if (name !== undefined) {
      this.named.delete(position);
      this.namedPositions.delete(name);
    } else this.vacate(this.find(this.high[position]!, this.low[position]!));
    return position;
  }

  /** The table slot of a numeric id, or -1. */
  private find(high: number, low: number): number {
    for (let slot = hash(high, low) & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.table[slot]!;
      if (entry === 0) return -1;
      if (this.low[entry - 1] === low && this.high[entry - 1] === high) return slot;
    }
  }

  /**
   * Empties a slot, moving back the entries after it that a lookup would no longer reach across
   * the gap (linear probing without tombstones, so a long run never fills the table with them).
   */
  private vacate(slot: number): void {
    let gap = slot;
    for (let next = (gap + 1) & this.mask; this.table[next] !== 0; next = (next + 1) & this.mask) {
      const entry = this.table[next]! - 1;
      const home = hash(this.high[entry]!, this.low[entry]!) & this.mask;
      // Movable into the gap unless its home lies after the gap, in the cyclic range (gap, next].
      if (((next - home) & this.mask) >= ((next - gap) & this.mask)) {
        this.table[gap] = this.table[next]!;
        gap = next;
      }
    }
    this.table[gap] = 0;
  }
}

/** Spreads ids that differ in a few bits (sequence numbers, timestamps) over the whole table. */
function hash(high: number, low: number): number {
  let h = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  return h ^ (h >>> 15);
}
