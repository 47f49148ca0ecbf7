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
 *
 * A forgotten id goes into `forgotten`, a Bloom filter the size of the whole run (8 MiB, made when
 * the first id is forgotten, so a read under `capacity` never pays for it). An id found there was
 * probably handed out before: it is handed out again (the filter can be wrong, and a record is
 * never dropped on a guess) but it is no progress. So a server that loops over more ids than the
 * window holds under fresh cursors still ends the run after a few pages of repeats (issue 38 case
 * 3), while a page with one truly new id is progress: all of a page's ids are false hits with odds
 * under 4% per id at 10 million ids forgotten, so a run of distinct ids is not cut short.
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
  private forgotten: Uint32Array | undefined;

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
   * before, which is what counts as progress. `end` is where the records it would hand out with
   * room enough end: past it the page holds only repeats.
   */
  take<T>(page: readonly T[], offset: number, room: number) {
    const records: T[] = [];
    const positions: number[] = [];
    let fresh = false;
    let end = offset;
    for (let index = 0; index < page.length; index += 1) {
      const record = page[index]!;
      const id = (record as { id?: unknown } | null)?.id;
      const known = typeof id === 'string' ? this.remember(id) : NEW;
      const unseen = known !== REPEAT;
      if (typeof id === 'string' && known === NEW) fresh = true;
      if (!unseen || index < offset) continue;
      end = index + 1;
      if (records.length < room) {
        records.push(record);
        positions.push(index);
      }
    }
    return { records, positions, fresh, end };
  }

  /** Remembers an id: a REPEAT of one still known, NEW, or probably handed out before (FORGOTTEN). */
  private remember(id: string): Known {
    const numeric = parseUint64(id, this.parsed);
    if (!numeric) nameHash(id, this.parsed);
    const high = this.parsed[0]!;
    const low = this.parsed[1]!;
    if (numeric ? this.find(high, low) >= 0 : this.namedPositions.has(id)) return REPEAT;
    const known = this.forgotten && this.wasForgotten(high, low) ? FORGOTTEN : NEW;
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
    return known;
  }

  /** Frees the oldest id's ring position, which the next id takes. */
  private forgetOldest(): number {
    const position = this.oldest;
    this.oldest = (position + 1) % this.capacity;
    const name = this.named.get(position);
    if (name !== undefined) {
      this.named.delete(position);
      this.namedPositions.delete(name);
      nameHash(name, this.parsed);
      this.forget(this.parsed[0]!, this.parsed[1]!);
    } else {
      this.vacate(this.find(this.high[position]!, this.low[position]!));
      this.forget(this.high[position]!, this.low[position]!);
    }
    return position;
  }

  /** Sets an id's bits in `forgotten`. */
  private forget(high: number, low: number): void {
    this.forgotten ??= new Uint32Array(FORGOTTEN_BITS / 32);
    const [first, step] = bloomHashes(high, low);
    for (let k = 0; k < BLOOM_HASHES; k += 1) {
      const bit = (first + k * step) & (FORGOTTEN_BITS - 1);
      this.forgotten[bit >>> 5]! |= 1 << (bit & 31);
    }
  }

  private wasForgotten(high: number, low: number): boolean {
    const [first, step] = bloomHashes(high, low);
    for (let k = 0; k < BLOOM_HASHES; k += 1) {
      const bit = (first + k * step) & (FORGOTTEN_BITS - 1);
      if ((this.forgotten![bit >>> 5]! & (1 << (bit & 31))) === 0) return false;
    }
    return true;
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

const REPEAT = 0;
const NEW = 1;
const FORGOTTEN = 2;
type Known = typeof REPEAT | typeof NEW | typeof FORGOTTEN;

/** 2^26 bits: 8 MiB. */
const FORGOTTEN_BITS = 2 ** 26;
const BLOOM_HASHES = 4;

/** Two independent hashes of an id; bit k of its filter entry is first + k * step (step odd). */
function bloomHashes(high: number, low: number): [number, number] {
  return [hash(high, low) >>> 0, (hash(low ^ 0x5bd1e995, high) | 1) >>> 0];
}

/** An id that is no 64-bit decimal, as two 32-bit FNV-1a hashes with different seeds, into `into`. */
function nameHash(id: string, into: Uint32Array): void {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let index = 0; index < id.length; index += 1) {
    const code = id.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x85ebca6b);
  }
  into[0] = a >>> 0;
  into[1] = b >>> 0;
}

/** Spreads ids that differ in a few bits (sequence numbers, timestamps) over the whole table. */
function hash(high: number, low: number): number {
  let h = Math.imul(low ^ Math.imul(high, 0x85ebca6b), 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  return h ^ (h >>> 15);
}
