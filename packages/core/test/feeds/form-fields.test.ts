import { endpointIds, endpointSpec, isPaginated, recordKindOf } from '../../src';
import { MAX_POLL_PAGES } from '../../src/feeds/reading';
import {
  DEFAULT_POLL_PAGES,
  MAX_ACCOUNTS,
  accountsField,
  feedIds,
  feeds,
  filterFields,
  isRemovalFeed,
  maxPagesField,
  pageSizeField,
  pollPagesField,
  simplifyField,
  startCursorField,
  takesManyAccounts,
} from '../../src/feeds';
import type { FormField } from '../../src/feeds';
import type { RecordKind } from '../../src';

/** Every field core describes for any read or poll: what each surface draws. */
const described: Array<FormField | undefined> = [
  ...endpointIds.flatMap((id) => [pageSizeField(id), ...filterFields(id, true)]),
  startCursorField,
  maxPagesField,
  pollPagesField(),
  pollPagesField(5),
  ...feedIds.map((id) => pollPagesField(5, [id])),
  accountsField,
  ...endpointIds.map((id) => simplifyField([recordKindOf(id)])),
];
const everyField = described.filter((field): field is FormField => field !== undefined);

describe('the form fields every surface draws', () => {
  it.each(endpointIds)('%s: Page Size exactly where the API takes a page size, with its range', (id) => {
    const range = endpointSpec(id).count;
    const field = pageSizeField(id);
    if (!range) return expect(field).toBeUndefined();
    expect(isPaginated(id)).toBe(true);
    expect(field).toMatchObject({ kind: 'count', min: range.min });
    expect(field!.max).toBe(range.max);
    expect(field!.description).toContain(
      range.max ? `from ${range.min} to ${range.max}` : `at least ${range.min}`,
    );
    // The help names the API's default only where the API states one; the field starts there,
    // or at the usual 20.
    if (range.default === undefined) expect(field!.description).not.toMatch(/default/);
    else expect(field!.description).toContain(`default ${range.default}`);
    expect(field!.default).toBe(range.default ?? 20);
  });

  it('Simplify says what it adds to exactly the kinds of record the read or poll returns', () => {
    const kinds: RecordKind[] = ['tweet', 'user', 'community', 'topic'];
    const marks: Record<RecordKind, RegExp | undefined> = {
      tweet: /tweets get author_ fields/,
      user: /accounts keep their plain fields/,
      community: /communities get url/,
      topic: undefined,
    };
    // Every subset of kinds, in both orders where two are given.
    for (let mask = 0; mask < 1 << kinds.length; mask++) {
      const given = kinds.filter((_, index) => mask & (1 << index));
      for (const order of [given, [...given].reverse()]) {
        const text = simplifyField(order).description;
        for (const kind of kinds) {
          const mark = marks[kind];
          if (mark) expect(text.match(mark) !== null).toBe(given.includes(kind));
        }
      }
    }
    // A poll over every feed names each kind it can return once.
    const all = simplifyField(feedIds.map((id) => recordKindOf(feeds[id].endpoint))).description;
    expect(all.match(/tweets get/g)).toHaveLength(1);
  });

  it('Max Pages per Poll takes 1 to the poll cap and starts at the default the host gives', () => {
    expect(pollPagesField()).toMatchObject({ min: 1, max: MAX_POLL_PAGES, default: DEFAULT_POLL_PAGES });
    expect(pollPagesField(5)).toMatchObject({ default: 5 });
    expect(pollPagesField(5).description).toContain(`from 1 to ${MAX_POLL_PAGES}, default 5`);
    expect(accountsField.description).toContain(`Up to ${MAX_ACCOUNTS} accounts`);
  });

  // Each feed's own help speaks only of what its poll does; the help for every feed of all.
  it.each(feedIds)('Max Pages per Poll on %s alone says what its poll does, and nothing else', (id) => {
    const text = pollPagesField(5, [id]).description;
    expect(/poll for removals/.test(text)).toBe(isRemovalFeed(id));
    expect(/new items arrived/.test(text)).toBe(!isRemovalFeed(id));
    expect(/many accounts/.test(text)).toBe(takesManyAccounts(id));
    const all = pollPagesField(5).description;
    for (const said of [/poll for removals/, /new items arrived/, /many accounts/]) expect(all).toMatch(said);
  });

  it.each(everyField.map((field) => [field.label, field] as const))(
    '%s reads as every surface needs: a sentence, a yes/no said as "Whether", a count with a floor',
    (_, field) => {
      expect(field.description).toMatch(/^[A-Z].*\.$/s);
      if (field.kind === 'boolean') expect(field.description).toMatch(/^Whether /);
      if (field.kind === 'count') expect(field.min).toBeGreaterThanOrEqual(0);
      if (field.kind === 'choice') expect(field.choices!.length).toBeGreaterThan(1);
      // No surface's own words: each host adds those.
      expect(field.description).not.toMatch(/\b(n8n|Zapier|Zap|workflow)\b|(^|\s)--[a-z]/);
    },
  );
});
