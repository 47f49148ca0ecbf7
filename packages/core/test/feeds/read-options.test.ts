import { Paginator, endpointIds, endpointSpec, isPaginated } from '../../src';
import { readFiltered, readOptions } from '../../src/feeds';
import { FILTER_PAGE_CAP } from '../../src/feeds/filtered-read';
import type { Page, PaginatedId } from '../../src';
import type { ReadRequest } from '../../src/feeds';

/**
 * The paginator options every surface's read takes (`readOptions`: n8n's operations, Zapier's
 * steps, the CLI's exports). The invariant, over every feed, filter, Limit, output and Max Pages
 * below: the records handed out are exactly the reference's (the first Limit that pass, or whole
 * pages up to the one that reaches it), never past Max Pages (FILTER_PAGE_CAP pages for a filter
 * when none is set), and no page is fetched that the read does not hand out, prefetch or not.
 */

const PAGE = 4;
const ENDLESS = 60;

function feed(pages: number) {
  let fetched = 0;
  const fetchPage = async (cursor: string | undefined): Promise<Page<{ id: string }>> => {
    const index = cursor === undefined ? 0 : Number(cursor);
    fetched += 1;
    await new Promise((resolve) => setImmediate(resolve));
    const records =
      pages === 0 ? [] : Array.from({ length: PAGE }, (_, i) => ({ id: String(index * PAGE + i + 1) }));
    const last = index >= pages - 1;
    return { records, next_cursor: last ? '' : String(index + 1), has_next_page: !last };
  };
  return { fetchPage, fetched: () => fetched };
}

const FILTERS = {
  none: undefined,
  odd: (record: unknown) => Number((record as { id: string }).id) % 2 === 1,
  nothing: () => false,
} as const;

/** What the read must hand out, and how many pages it must fetch for it. */
function reference(pages: number, request: ReadRequest): { ids: string[]; fetched: number } {
  const { limit, keep, wholePages } = request;
  const cap = request.maxPages ?? (keep ? FILTER_PAGE_CAP : Infinity);
  const ids: string[] = [];
  let fetched = 0;
  for (let index = 0; index < Math.max(pages, 1) && index < cap; index += 1) {
    fetched += 1;
    const all =
      pages === 0 ? [] : Array.from({ length: PAGE }, (_, i) => ({ id: String(index * PAGE + i + 1) }));
    for (const record of keep ? all.filter(keep) : all) {
      if (!wholePages && limit !== undefined && ids.length >= limit) break;
      ids.push(record.id);
    }
    if (limit !== undefined && ids.length >= limit) break;
  }
  return { ids, fetched };
}

/** Reads as the hosts do: whole pages (page items, a file), a filtered read, or every record. */
async function read(paginator: Paginator<{ id: string }>, request: ReadRequest): Promise<string[]> {
  const ids: string[] = [];
  const { limit, keep } = request;
  if (request.wholePages) {
    for await (const page of paginator.pages()) {
      for (const record of keep ? page.records.filter(keep) : page.records) ids.push(record.id);
      if (limit !== undefined && ids.length >= limit) break;
    }
  } else if (keep) await readFiltered(paginator, keep, limit, (record) => void ids.push(record.id));
  else for await (const record of paginator) ids.push(record.id);
  return ids;
}

describe('readOptions: one read plan for every surface', () => {
  const cases: Array<[number, keyof typeof FILTERS, number | undefined, boolean, number | undefined]> = [];
  for (const pages of [0, 1, 3, ENDLESS])
    for (const filter of Object.keys(FILTERS) as Array<keyof typeof FILTERS>)
      for (const limit of [undefined, 1, 4, 5, 13])
        for (const wholePages of [false, true])
          for (const maxPages of [undefined, 2]) cases.push([pages, filter, limit, wholePages, maxPages]);

  it.each(cases)(
    '%i pages, filter %s, limit %s, whole pages %s, max pages %s: what the reference hands out, no page more',
    async (pages, filter, limit, wholePages, maxPages) => {
      const request: ReadRequest = { limit, keep: FILTERS[filter], wholePages, maxPages };
      const source = feed(pages);
      const paginator = new Paginator(source.fetchPage, readOptions('getUserFollowers', request));
      const expected = reference(pages, request);
      expect(await read(paginator, request)).toEqual(expected.ids);
      expect(source.fetched()).toBe(expected.fetched);
    },
  );

  it('takes a blank Start Cursor for the first page, and a page size only where the endpoint has one', () => {
    expect(readOptions('getUserFollowers', { startCursor: '', pageSize: 50 })).toMatchObject({
      startCursor: undefined,
      pageSize: 50,
    });
    const fixed = endpointIds.find((id): id is PaginatedId => isPaginated(id) && !endpointSpec(id).count)!;
    expect(readOptions(fixed, { startCursor: 'c2', pageSize: 50 })).toMatchObject({
      startCursor: 'c2',
      startCursorGiven: true,
      pageSize: undefined,
    });
  });
});

describe('a read of whole pages with a limit and no page size', () => {
  const sized = endpointIds.filter(isPaginated).filter((id) => endpointSpec(id).count?.default !== undefined);

  it.each(sized)('%s asks for pages no larger than the limit, so it brings no more', (id) => {
    const { default: fallback } = endpointSpec(id).count!;
    for (let limit = 1; limit <= fallback! + 1; limit += 1) {
      const options = readOptions(id, { limit, wholePages: true });
      expect(options.pageSize).toBe(limit < fallback! ? limit : undefined);
      // A filter's limit counts what passes, so the page is the API's.
      expect(readOptions(id, { limit, wholePages: true, keep: () => true }).pageSize).toBeUndefined();
    }
  });
});

describe('a read of whole pages with a limit and a chosen page size', () => {
  const sized = endpointIds.filter(isPaginated).filter((id) => endpointSpec(id).count !== undefined);

  // Max Items 10 beside Page Size 200 brought 200 records: whole pages are never cut, so a page
  // larger than the limit is the limit (the API's least where the limit is under it).
  it.each(sized)('%s never asks for a page larger than the limit, and keeps a smaller one', (id) => {
    const { min, max = 1000, default: fallback = 20 } = endpointSpec(id).count!;
    const around = (n: number) => [n - 1, n, n + 1].filter((size) => size >= min && size <= max);
    for (const chosen of new Set([...around(min), ...around(fallback), ...around(max)]))
      for (const limit of [1, min, chosen - 1, chosen, chosen + 1, max, max + 1]) {
        if (limit < 1) continue;
        const { pageSize } = readOptions(id, { limit, wholePages: true, pageSize: chosen });
        expect(pageSize).toBe(chosen <= limit ? chosen : Math.max(min, limit));
        // Out of the API's range, the size typed is refused, whatever the limit.
        const over = endpointSpec(id).count!.max === undefined ? 0 : max + 1;
        expect(() => readOptions(id, { limit, wholePages: true, pageSize: over })).toThrow(
          `pageSize: ${over} is out of range`,
        );
        // A read that cuts pages, and a filtered one, ask for the size chosen.
        expect(readOptions(id, { limit, pageSize: chosen }).pageSize).toBe(chosen);
        expect(
          readOptions(id, { limit, wholePages: true, pageSize: chosen, keep: () => true }).pageSize,
        ).toBe(chosen);
      }
  });
});
