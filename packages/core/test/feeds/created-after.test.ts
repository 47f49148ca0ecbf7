import { Paginator } from '../../src';
import { formFilter, readFiltered, readOptions } from '../../src/feeds';
import { pageFile } from '../../src/files';
import type { Page } from '../../src';
import type { ReadRequest } from '../../src/feeds';

/**
 * A read with Created After on a feed newest first by time ends at the first page whose last
 * tweet is not after it (`readOptions`' `endsRead`), instead of paying for every page to the cap.
 * The invariant, over every feed of up to 3 tweets with times from 3 values in newest-first
 * order, pages of 1 or 2, with or without an older pinned tweet on top (alone on its page too),
 * with or without a retweet anywhere, dated by the timeline or by the old tweet it repeats, every
 * Created After, Limit and way of reading: the records handed out are exactly those of the same
 * read with no early end, it never fetches more pages, and where it ends early it keeps the
 * cursor the feed goes on from.
 */
type Tweet = { id: string; created_at: string; isRetweet: boolean };
const iso = (hour: number) => new Date(Date.UTC(2026, 0, 1, hour)).toISOString();

/** Every non-increasing sequence of `length` values from 1 to `top`. */
function newestFirst(length: number, top: number): number[][] {
  if (length === 0) return [[]];
  const out: number[][] = [];
  for (let first = top; first >= 1; first -= 1)
    for (const rest of newestFirst(length - 1, first)) out.push([first, ...rest]);
  return out;
}

/** The feed with, at `at`, a retweet dated `hour` (or none). */
function withRetweet(times: number[], retweet: [number, number] | undefined): Array<[number, boolean]> {
  const tweets = times.map((hour): [number, boolean] => [hour, false]);
  if (retweet) tweets.splice(retweet[0], 0, [retweet[1], true]);
  return tweets;
}

function source(feed: Array<[number, boolean]>, pinned: number | undefined, size: number) {
  const tweets: Tweet[] = [
    ...(pinned === undefined ? [] : [{ id: 'pinned', created_at: iso(pinned), isRetweet: false }]),
    ...feed.map(([hour, isRetweet], at) => ({ id: String(at + 1), created_at: iso(hour), isRetweet })),
  ];
  const pages = Math.max(1, Math.ceil(tweets.length / size));
  let fetched = 0;
  const fetchPage = async (cursor: string | undefined): Promise<Page<Tweet>> => {
    const index = cursor === undefined ? 0 : Number(cursor);
    fetched += 1;
    const last = index >= pages - 1;
    return {
      records: tweets.slice(index * size, index * size + size),
      next_cursor: last ? '' : String(index + 1),
      has_next_page: !last,
    };
  };
  return { fetchPage, fetched: () => fetched };
}

type Mode = 'records' | 'file';

async function read(paginator: Paginator<Tweet>, request: ReadRequest, mode: Mode): Promise<string[]> {
  const keep = request.keep!;
  const ids: string[] = [];
  if (mode === 'records')
    await readFiltered(paginator, keep, request.limit, (tweet) => void ids.push((tweet as Tweet).id));
  else {
    const file = pageFile(paginator as Paginator<unknown>, {
      format: 'ids',
      keep,
      limit: request.limit,
      shape: (record) => record,
      onExtraField: () => {},
    });
    for await (const chunk of file.chunks) ids.push(...chunk.split('\n').filter(Boolean));
  }
  return ids;
}

describe('Created After ends a read of a feed newest first by time', () => {
  it('hands out every record the read without the early end does, never with more requests', async () => {
    let runs = 0;
    let saved = 0;
    const wrong: string[] = [];
    for (const size of [1, 2])
      for (let length = 0; length <= 3; length += 1)
        for (const times of newestFirst(length, 3))
          // A retweet is dated by the timeline (as the record above it) or by the tweet it repeats (old).
          for (const retweet of [
            undefined,
            ...times.flatMap((_, at): Array<[number, number]> => [
              [at, 1],
              [at, at === 0 ? 3 : times[at - 1]!],
            ]),
          ])
            for (const pinned of [undefined, 1])
              for (const after of [0, 1, 2, 3])
                for (const limit of [undefined, 2])
                  for (const mode of ['records', 'file'] as const) {
                    const feed = withRetweet(times, retweet);
                    const keep = formFilter({ createdAfter: iso(after) })!;
                    const request: ReadRequest = { keep, limit, wholePages: mode === 'file' };
                    const options = readOptions('getUserTweets', request);
                    // A plan of its own: its prefetch counts what passes as the read goes.
                    const { endsRead: _, ...plain } = readOptions('getUserTweets', request);
                    const early = source(feed, pinned, size);
                    const full = source(feed, pinned, size);
                    const ended = new Paginator(early.fetchPage, options);
                    const got = await read(ended, request, mode);
                    const want = await read(new Paginator(full.fetchPage, plain), request, mode);
                    const cursorLost = ended.stopReason === 'pastCreatedAfter' && !ended.nextCursor;
                    if (got.join() !== want.join() || early.fetched() > full.fetched() || cursorLost)
                      wrong.push(JSON.stringify({ size, feed, pinned, after, limit, mode, got, want }));
                    saved += full.fetched() - early.fetched();
                    runs += 1;
                  }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(runs).toBeGreaterThan(5_000);
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
