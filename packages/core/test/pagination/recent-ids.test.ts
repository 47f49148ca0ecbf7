import { RecentIds } from '../../src/pagination/recent-ids';

const records = (...ids: string[]) => ids.map((id) => ({ id }));
const idsOf = (taken: { records: Array<{ id: string }> }) => taken.records.map((record) => record.id);

describe('the ids a read remembers', () => {
  it('hand out each id once while it is among the last `capacity` seen', () => {
    const recent = new RecentIds(3);
    expect(idsOf(recent.take(records('a', 'b', 'c'), 0, 10))).toEqual(['a', 'b', 'c']);
    const again = recent.take(records('c', 'b', 'd'), 0, 10);
    expect(idsOf(again)).toEqual(['d']);
    expect(again.fresh).toBe(true);
    expect(recent.take(records('b', 'c', 'd'), 0, 10)).toMatchObject({ records: [], fresh: false });
  });

  it('forget the oldest first, over many times the capacity', () => {
    const recent = new RecentIds(100);
    for (let n = 0; n < 10_000; n += 1) recent.take(records(`id${n}`), 0, 1);
    // The last 100 (9,900 to 9,999) are known; 9,899 and everything before it were forgotten.
    expect(idsOf(recent.take(records('id9999', 'id9900'), 0, 10))).toEqual([]);
    expect(idsOf(recent.take(records('id9899'), 0, 10))).toEqual(['id9899']);
    // Taking 9,899 back pushed out the oldest still known, 9,900, and that one 9,901 in turn.
    expect(idsOf(recent.take(records('id9901'), 0, 10))).toEqual([]);
    expect(idsOf(recent.take(records('id9900'), 0, 10))).toEqual(['id9900']);
    expect(idsOf(recent.take(records('id9901', 'id9999'), 0, 10))).toEqual(['id9901']);
  });
});
