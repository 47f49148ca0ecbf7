import { simplifierFor, simplifyCommunity, simplifyTweet, simplifyUser } from '../../src/output/simplify';
import { toIsoTimestamp } from '../../src/output/timestamp';
import { community, shortAuthor, tweet, user } from '../support/fixtures';

describe('simplify', () => {
  it('flattens a tweet into scalar columns with author_*, media, an ISO time and a permalink', () => {
    const flat = simplifyTweet(tweet(4));
    expect(flat).toMatchObject({
      id: tweet(4).id,
      text: tweet(4).text,
      url: `https://x.com/user_1/status/${tweet(4).id}`,
      created_at_iso: '2024-10-16T08:00:00.000Z',
      author_userName: 'user_1',
      author_followers_count: 10,
      author_is_blue_verified: true,
      viewCount: 100,
      media_count: 1,
      media_urls: 'https://pbs.example/media/4.jpg',
      media_types: 'photo',
    });
    for (const value of Object.values(flat)) expect(value === null || typeof value !== 'object').toBe(true);
    expect(flat).not.toHaveProperty('author');
    expect(flat).not.toHaveProperty('media');
  });

  it('keeps a null viewCount and handles short authors and tweets without media', () => {
    const { media: _media, ...bare } = tweet(3, shortAuthor(9));
    const flat = simplifyTweet(bare);
    expect(flat).toMatchObject({
      viewCount: null,
      author_userName: 'user_9',
      media_count: 0,
      media_urls: '',
    });
    expect(flat).not.toHaveProperty('author_followers_count');
  });

  it('adds a profile URL and ISO time to a user and keeps every field', () => {
    const flat = simplifyUser(user(5));
    expect(flat).toEqual({
      ...user(5),
      profile_url: 'https://x.com/user_5',
      created_at_iso: '2024-10-15T12:34:56.000Z',
    });
  });

  it('flattens a community admin as admin_*', () => {
    expect(simplifyCommunity(community())).toMatchObject({
      admin_userName: 'user_7',
      url: 'https://x.com/i/communities/1500000000000000001',
    });
  });
});

describe('toIsoTimestamp', () => {
  it.each([
    ['Tue Oct 15 12:34:56 +0000 2024', '2024-10-15T12:34:56.000Z'],
    ['Sun Mar 01 23:30:00 +0130 2020', '2020-03-01T22:00:00.000Z'],
    ['Thu Feb 29 00:00:00 -0500 2024', '2024-02-29T05:00:00.000Z'],
    ['', ''],
    ['Tue Feb 30 12:00:00 +0000 2024', ''],
    ['2024-10-15T12:34:56Z', ''],
    ['Tue Oct 15 25:34:56 +0000 2024', ''],
  ])('%j → %j', (input, expected) => {
    expect(toIsoTimestamp(input)).toBe(expected);
  });
});

describe('simplifierFor', () => {
  it('gives the simplify function of tweets, users and communities, and none for topics', () => {
    expect(simplifierFor('tweet')?.(tweet(4))).toEqual(simplifyTweet(tweet(4)));
    expect(simplifierFor('user')?.(user(5))).toEqual(simplifyUser(user(5)));
    expect(simplifierFor('community')?.(community())).toEqual(simplifyCommunity(community()));
    expect(simplifierFor('topic')).toBeUndefined();
    expect(simplifierFor(undefined)).toBeUndefined();
  });
});
