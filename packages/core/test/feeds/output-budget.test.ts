import { firstOfEachId, outputBudget } from '../../src/feeds';

/** A host's output limit (Zapier's 6 MB a poll): what fits is measured as the host sends it. */
describe('outputBudget', () => {
  const records = Array.from({ length: 5 }, (_, at) => ({ id: String(at), text: 'x'.repeat(at * 10) }));
  /** The bytes a run of items takes in the JSON array the host sends. */
  const sent = (items: readonly object[]) => Buffer.byteLength(JSON.stringify(items));

  it('fits exactly what the host’s JSON array of the shaped items can hold, for every limit around each run', () => {
    const shape = (record: { id: string; text: string }) => ({ ...record, shaped: true });
    for (let count = 1; count <= records.length; count += 1) {
      const run = records.slice(0, count);
      // Each item's JSON and one comma: the array the host sends is one byte more (two
      // brackets, one comma fewer), well inside the margin a host keeps below its limit.
      const size = sent(run.map(shape)) - 1;
      expect(outputBudget(shape, size).fits(run)).toBe(true);
      expect(outputBudget(shape, size - 1).fits(run)).toBe(false);
      expect(outputBudget(shape, size - 1).leading(records)).toEqual(records.slice(0, count - 1));
    }
  });

  it('shapes each record once, by its key, whatever is asked of it', () => {
    let shaped = 0;
    const entries = records.map((record) => ({ account: 'a', record }));
    const budget = outputBudget(
      (entry: (typeof entries)[number]) => {
        shaped += 1;
        return { ...entry.record, watched_account: entry.account };
      },
      1_000_000,
      (entry) => entry.record,
    );
    budget.fits(entries);
    budget.leading(entries);
    const again = records.map((record) => ({ account: 'a', record }));
    expect(again.map(budget.item)).toEqual(entries.map(budget.item));
    expect(budget.item(again[0]!)).toBe(budget.item(entries[0]!));
    expect(shaped).toBe(records.length);
  });
});

describe('firstOfEachId', () => {
  it('keeps the first item of each id, in order', () => {
    expect(
      firstOfEachId([
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
        { id: 'a', n: 3 },
      ]),
    ).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
  });
});
