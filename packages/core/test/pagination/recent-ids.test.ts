import fc from 'fast-check';
import { RecentIds } from '../../src/pagination/recent-ids';
import { check } from '../support/check';

const records = (...ids: string[]) => ids.map((id) => ({ id }));
const idsOf = (taken: { records: Array<{ id: string }> }) => taken.records.map((record) => record.id);

/**
 * What RecentIds must do, the plain way: the ids as strings in a Set, their order in an array, and
 * every id ever forgotten in a Set of its own (RecentIds keeps those in a Bloom filter, whose false
 * hits are too rare to meet with a few hundred ids).
 */
class Reference {
  private readonly ids = new Set<string>();
  private readonly order: string[] = [];
  private readonly forgotten = new Set<string>();

  constructor(private readonly capacity: number) {}

  take<T>(page: readonly T[], offset: number, room: number) {
    const taken: T[] = [];
    const positions: number[] = [];
    let fresh = false;
    page.forEach((record, index) => {
      const id = (record as { id?: unknown } | null)?.id;
      const unseen = typeof id !== 'string' || this.remember(id);
      if (typeof id === 'string' && unseen && !this.forgotten.has(id)) fresh = true;
      if (unseen && index >= offset && taken.length < room) {
        taken.push(record);
        positions.push(index);
      }
    });
    return { records: taken, positions, fresh };
  }

  private remember(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    this.order.push(id);
    if (this.order.length > this.capacity) {
      const oldest = this.order.shift()!;
      this.ids.delete(oldest);
      this.forgotten.add(oldest);
    }
    return true;
  }
}

describe('the ids a read remembers', () => {
  it('hand out each id once while it is among the last `capacity` seen', () => {
    const recent = new RecentIds(3);
    expect(idsOf(recent.take(records('a', 'b', 'c'), 0, 10))).toEqual(['a', 'b', 'c']);
    const again = recent.take(records('c', 'b', 'd'), 0, 10);
    expect(idsOf(again)).toEqual(['d']);
    expect(again.fresh).toBe(true);
    expect(recent.take(records('b', 'c', 'd'), 0, 10)).toMatchObject({ records: [], fresh: false });
  });

  it.each([
    ['numeric', (n: number) => String(1_400_000_000_000_000_000n + BigInt(n))],
    ['other', (n: number) => `id${n}`],
  ])('forget the oldest first, over many times the capacity (%s ids)', (_, name) => {
    const recent = new RecentIds(100);
    for (let n = 0; n < 10_000; n += 1) recent.take(records(name(n)), 0, 1);
    // The last 100 (9,900 to 9,999) are known; 9,899 and everything before it were forgotten.
    expect(idsOf(recent.take(records(name(9999), name(9900)), 0, 10))).toEqual([]);
    expect(idsOf(recent.take(records(name(9899)), 0, 10))).toEqual([name(9899)]);
    // Taking 9,899 back pushed out the oldest still known, 9,900, and that one 9,901 in turn.
    expect(idsOf(recent.take(records(name(9901)), 0, 10))).toEqual([]);
    expect(idsOf(recent.take(records(name(9900)), 0, 10))).toEqual([name(9900)]);
    expect(idsOf(recent.take(records(name(9901), name(9999)), 0, 10))).toEqual([name(9901)]);
  });

  it('tell apart ids a number would equate: leading zeros, 2^64 and beyond, the same low 32 bits', () => {
    const recent = new RecentIds(100);
    const distinct = [
      '7',
      '007',
      '07',
      '0',
      '00',
      '4294967303',
      '18446744073709551615',
      '18446744073709551616',
    ];
    expect(idsOf(recent.take(records(...distinct), 0, 100))).toEqual(distinct);
    expect(idsOf(recent.take(records(...distinct), 0, 100))).toEqual([]);
  });

  it('forget ids of either kind in the order they came', () => {
    const recent = new RecentIds(3);
    recent.take(records('1', 'x', '007'), 0, 10);
    expect(idsOf(recent.take(records('2'), 0, 10))).toEqual(['2']);
    // '1' was the oldest and went; 'x' and '007' are still known.
    expect(idsOf(recent.take(records('x', '007', '1'), 0, 10))).toEqual(['1']);
    // Taking '1' back pushed out 'x'.
    expect(idsOf(recent.take(records('007', 'x'), 0, 10))).toEqual(['x']);
  });

  it('remember 100,000 numeric ids of a real-sized read, every one of them', () => {
    const recent = new RecentIds(100_000);
    const page = (start: number) =>
      records(
        ...Array.from({ length: 200 }, (_, n) => String(1_400_000_000_000_000_000n + BigInt(start + n))),
      );
    for (let start = 0; start < 300_000; start += 200) recent.take(page(start), 0, 200);
    let known = 0;
    for (let start = 200_000; start < 300_000; start += 200)
      known += 200 - recent.take(page(start), 0, 200).records.length;
    expect(known).toBe(100_000);
  });

  // Few ids, so pages repeat and the table (two slots per id) collides and wraps around often.
  const id = fc.oneof(
    fc.integer({ min: 0, max: 40 }).map(String),
    fc.integer({ min: 0, max: 40 }).map((n) => String(2n ** 32n * BigInt(n) + 5n)),
    fc.integer({ min: 0, max: 40 }).map((n) => String(2n ** 64n - 1n - BigInt(n))),
    fc.constantFrom('007', '07', '00', '18446744073709551616', 'abc', '', '-1'),
  );
  const record = fc.oneof(
    { weight: 10, arbitrary: id.map((value) => ({ id: value })) },
    { weight: 1, arbitrary: fc.constantFrom(null, {}, { id: 7 }) },
  );
  const call = fc.record({
    page: fc.array(record, { maxLength: 12 }),
    offset: fc.integer({ min: 0, max: 12 }),
    room: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(Infinity)),
  });

  it('hand out, place and call fresh exactly what the plain Set and array do', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.array(call, { maxLength: 40 }), (capacity, calls) => {
        const recent = new RecentIds(capacity);
        const reference = new Reference(capacity);
        for (const [step, { page, offset, room }] of calls.entries()) {
          const got = recent.take(page, offset, room);
          const want = reference.take(page, offset, room);
          const same =
            got.fresh === want.fresh &&
            got.positions.join() === want.positions.join() &&
            got.records.every((taken, n) => taken === want.records[n]) &&
            got.records.length === want.records.length;
          check(same, `step ${step}: ${JSON.stringify(got)} instead of ${JSON.stringify(want)}`);
        }
      }),
      { numRuns: 5_000 },
    );
  });
});
