import { Paginator } from '../../src';
import { formFilter, readFiltered, readOptions } from '../../src/feeds';
import { pageFile } from '../../src/files';
import type { Page } from '../../src';
import type { ReadRequest } from '../../src/feeds';

/**
 * A read with Created After on a feed newest first by time ends at the first page whose last
 * tweet is not after it (`readOptions`' `endsRead`), instead of paying for every page to the cap.
 * The invariant, over every feed of up to 3 pages of 2 tweets with times from 4 values in
 * newest-first order, with or without an older (pinned) tweet on top, every Created After, Limit
 * and way of reading: the records handed out are exactly those of the same read with no early
 * end, and it never fetches more pages than that read.
 */
type Tweet = { id: string; created_at: string };
const iso = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour)).toISOString();
const SIZE = 2;

/** Every non-increasing sequence of `length` values from 1 to `top`. */
function newestFirst(length: number, top: number): number[][] {
  if (length === 0) return [[]];
  const out: number[][] = [];
  for (let first = top; first >= 1; first -= 1)
    for (const rest of newestFirst(length - 1, first)) out.push([first, ...rest]);
  return out;
}

function source(times: number[], pinned: number | undefined) {
  const tweets: Tweet[] = [
    ...(pinned === undefined ? [] : [{ id: 'pinned', created_at: iso(pinned) }]),
    ...times.map((hour, at) => ({ id: String(at + 1), created_at: iso(hour) })),
  ];
  const pages = Math.max(1, Math.ceil(tweets.length / SIZE));
  let fetched = 0;
  const fetchPage = async (cursor: string | undefined): Promise<Page<Tweet>> => {
    const index = cursor === undefined ? 0 : Number(cursor);
    fetched += 1;
    const last = index >= pages - 1;
    return {
      records: tweets.slice(index * SIZE, index * SIZE + SIZE),
      next_cursor: last ? '' : String(index + 1),
      has_next_page: !last,
    };
  };
  return { fetchPage, fetched: () => fetched };
}

type Mode = 'records' | 'pages' | 'file';

async function read(paginator: Paginator<Tweet>, request: ReadRequest, mode: Mode): Promise<string[]> {
  const keep = request.keep!;
  const ids: string[] = [];
  if (mode === 'records')
    await readFiltered(paginator, keep, request.limit, (tweet) => void ids.push((tweet as Tweet).id));
  else if (mode === 'pages')
    for await (const page of paginator.pages()) {
      ids.push(...page.records.filter(keep).map((tweet) => tweet.id));
      if (request.limit !== undefined && ids.length >= request.limit) break;
    }
  else {
    const file = pageFile(paginator as Paginator<unknown>, { format: 'ids', keep, limit: request.limit });
    for await (const chunk of file.chunks) ids.push(...chunk.split('\n').filter(Boolean));
  }
  return ids;
}

describe('Created After ends a read of a feed newest first by time', () => {
  it('hands out every record the read without the early end does, never with more requests', async () => {
    let runs = 0;
    let saved = 0;
    const wrong: string[] = [];
    for (let length = 0; length <= 3 * SIZE; length += 1)
      for (const times of newestFirst(length, 4))
        for (const pinned of [undefined, 1])
          for (const after of [0, 1, 2, 3, 4])
            for (const limit of [undefined, 2])
              for (const mode of ['records', 'pages', 'file'] as const) {
                const keep = formFilter({ createdAfter: iso(after) })!;
                const request: ReadRequest = { keep, limit, wholePages: mode !== 'records' };
                const options = readOptions('getUserTweets', request);
                // A plan of its own: its prefetch counts what passes as the read goes.
                const { endsRead: _, ...plain } = readOptions('getUserTweets', request);
                const early = source(times, pinned);
                const full = source(times, pinned);
                const got = await read(new Paginator(early.fetchPage, options), request, mode);
                const want = await read(new Paginator(full.fetchPage, plain), request, mode);
                if (got.join() !== want.join() || early.fetched() > full.fetched())
                  wrong.push(JSON.stringify({ times, pinned, after, limit, mode, got, want }));
                saved += full.fetched() - early.fetched();
                runs += 1;
              }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(runs).toBeGreaterThan(10_000);
    // The early end did end reads early, not only never harm them.
    expect(saved).toBeGreaterThan(1_000);
  });

  it('keeps reading a feed whose order is not by time (bookmarks: by when each was saved)', () => {
    const keep = formFilter({ createdAfter: iso(2) })!;
    expect(readOptions('getUserTweets', { keep }).endsRead).toBeDefined();
    expect(readOptions('getBookmarks', { keep }).endsRead).toBeUndefined();
    expect(
      readOptions('getUserTweets', { keep: formFilter({ keywords: 'launch' }) }).endsRead,
    ).toBeUndefined();
  });

  it('refuses a Created Before not later than Created After, before any request', () => {
    expect(() => formFilter({ createdAfter: iso(3), createdBefore: iso(3) })).toThrow(
      /^createdBefore: the date is not later than Created After, so no tweet can be in between\. Give a later Created Before, or an earlier Created After\.$/,
    );
    expect(formFilter({ createdAfter: iso(3), createdBefore: iso(4) })).toBeDefined();
  });
});
