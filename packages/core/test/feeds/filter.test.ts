import { ValidationError } from '../../src';
import { formFilter } from '../../src/feeds';
import { filtersAnything, tweetFilter } from '../../src/feeds/filter';
import { pollFeed } from '../../src/feeds/watch';
import type { TweetFilter } from '../../src/feeds';
import { FakeFeed, TweetIds } from '../support/fake-feed';

const base = {
  text: '',
  created_at: 'Tue Oct 15 12:34:56 +0000 2024',
  isReply: false,
  isRetweet: false,
  likeCount: 0,
  retweetCount: 0,
  viewCount: 0,
  media: [],
};
const tweet = (fields: Partial<typeof base> | Record<string, unknown>) => ({ ...base, ...fields });
const keeps = (filter: TweetFilter, fields: Record<string, unknown>) => tweetFilter(filter)(tweet(fields));

describe('keywords', () => {
  it.each([
    ['AI', 'New AI model', true],
    ['AI', 'ai is here', true],
    ['AI', 'loving #AI today', true],
    ['AI', 'she said so', false],
    ['AI', 'AIR quality', false],
    ['cafe', 'Un café, s’il vous plaît', true],
    ['CAFÉ', 'cafe society', true],
    ['naïve', 'NAIVE approach', true],
    ['machine learning', 'Machine-learning at scale', true],
    ['machine learning', 'learning machine', false],
    ['Zürich', 'zurich meetup', true],
  ])('%s in "%s": %s', (keyword, text, kept) => {
    expect(keeps({ keywords: keyword }, { text })).toBe(kept);
  });

  it('any of them by default, all of them when asked; comma or new-line separated', () => {
    expect(keeps({ keywords: 'rust, go\npython' }, { text: 'I write Go' })).toBe(true);
    expect(keeps({ keywords: 'rust, go', keywordMatch: 'all' }, { text: 'I write Go' })).toBe(false);
    expect(keeps({ keywords: ['rust', 'go'], keywordMatch: 'all' }, { text: 'Go and Rust' })).toBe(true);
  });
});

describe('kinds and counts', () => {
  it('replies and retweets: include, exclude or only', () => {
    expect(keeps({ replies: 'exclude' }, { isReply: true })).toBe(false);
    expect(keeps({ replies: 'only' }, { isReply: false })).toBe(false);
    expect(keeps({ replies: 'only' }, { isReply: true })).toBe(true);
    expect(keeps({ retweets: 'exclude' }, { isRetweet: true })).toBe(false);
    expect(keeps({ retweets: 'include' }, { isRetweet: true })).toBe(true);
  });

  it('only with media', () => {
    expect(keeps({ withMediaOnly: true }, { media: [] })).toBe(false);
    expect(keeps({ withMediaOnly: true }, { media: undefined })).toBe(false);
    expect(keeps({ withMediaOnly: true }, { media: [{ type: 'photo' }] })).toBe(true);
  });

  it('minimum likes, retweets and views; null views never pass a minimum, not even 0', () => {
    expect(keeps({ minLikes: 10 }, { likeCount: 9 })).toBe(false);
    expect(keeps({ minLikes: 10 }, { likeCount: 10 })).toBe(true);
    expect(keeps({ minRetweets: 2 }, { retweetCount: 1 })).toBe(false);
    expect(keeps({ minViews: 0 }, { viewCount: null })).toBe(false);
    expect(keeps({ minViews: 100 }, { viewCount: 100 })).toBe(true);
  });

  it('created after and before, on the API’s timestamps', () => {
    expect(keeps({ createdAfter: '2024-10-15' }, {})).toBe(true);
    expect(keeps({ createdAfter: '2024-10-16' }, {})).toBe(false);
    expect(keeps({ createdBefore: '2024-10-15T12:34:57Z' }, {})).toBe(true);
    expect(keeps({ createdBefore: '2024-10-15T12:34:56Z' }, {})).toBe(false);
  });

  it('refuses a bad date or count before anything is read, naming the field', () => {
    expect(() => tweetFilter({ createdAfter: 'yesterday-ish' })).toThrow(ValidationError);
    expect(() => tweetFilter({ createdAfter: 'yesterday-ish' })).toThrow(/^createdAfter: /);
    expect(() => tweetFilter({ minLikes: -1 })).toThrow(/^minLikes: /);
    expect(() => tweetFilter({ replies: 'never' as never })).toThrow(/^replies: "never" is not a choice/);
    expect(() => tweetFilter({ keywordMatch: 'most' as never })).toThrow(/^keywordMatch: /);
  });

  it('says whether it filters anything', () => {
    expect(filtersAnything({})).toBe(false);
    expect(filtersAnything({ replies: 'include', keywords: ' , ' })).toBe(false);
    expect(filtersAnything({ keywords: 'ai' })).toBe(true);
  });
});

describe('a filter from a form', () => {
  it('takes empty fields and minimums of 0 as unset, so an empty form filters nothing', () => {
    expect(formFilter({ replies: '', keywords: ' ', minViews: 0, minLikes: '', withMediaOnly: false })).toBe(
      undefined,
    );
    const keep = formFilter({ keywords: 'ai', minLikes: '3' })!;
    expect(keep(tweet({ text: 'AI!', likeCount: 3 }))).toBe(true);
    expect(keep(tweet({ text: 'AI!', likeCount: 2 }))).toBe(false);
  });

  it('refuses what is no choice, naming the field', () => {
    expect(() => formFilter({ retweets: 'sometimes' })).toThrow(/^retweets: /);
  });

  it.each(['minLikes', 'minRetweets', 'minViews'])(
    'refuses a %s that is no number as it was typed',
    (field) => {
      expect(() => formFilter({ [field]: 'lots' })).toThrow(
        `${field}: "lots" is not a count. Give 0 or more.`,
      );
    },
  );
});

describe('a filtered watch', () => {
  it('never reports a tweet the filter rejects, then or later, and remembers it as seen', async () => {
    const ids = new TweetIds();
    const feed = new FakeFeed(20, ids.take(40));
    const texts = new Map<string, string>();
    const read = (cursor: string | undefined) => {
      const pages = feed.read(cursor);
      return (async function* () {
        for await (const page of pages)
          yield {
            ...page,
            records: page.records.map((record) => ({
              ...base,
              id: record.id,
              text: texts.get(record.id) ?? '',
            })),
          };
      })();
    };
    const options = {
      key: 'k',
      order: 'time' as const,
      maxPages: 10,
      keep: tweetFilter({ keywords: 'launch' }),
    };
    let state = (await pollFeed(read, undefined, options)).state;
    const posted = ids.take(30);
    posted.forEach((id, at) => texts.set(id, at % 3 === 0 ? 'We LAUNCH today' : 'launching soon'));
    feed.add(...posted);
    const first = await pollFeed(read, state, options);
    expect(first.records.map((record) => record.id)).toEqual(posted.filter((_, at) => at % 3 === 0));
    state = first.state;
    // The rejects now match: they are old, and stay unreported.
    posted.forEach((id) => texts.set(id, 'launch'));
    const second = await pollFeed(read, state, options);
    expect(second.records).toEqual([]);
  });
});
