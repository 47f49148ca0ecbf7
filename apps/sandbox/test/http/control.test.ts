import { OWNER, WELL_KNOWN, listId } from '../../src';
import { useSandbox } from '../support';

const env = useSandbox();

describe('the control API changes the world while it runs', () => {
  it('puts a new tweet at the top of the account timeline, the For You timeline and lookups', async () => {
    const before = await env.client().call('getUserTweets', { userName: 'followers_200' });
    const added = (
      await env.control('/tweets', { userName: 'followers_200', text: 'Hello from the control API 👋' })
    ).data;
    const after = await env.client().call('getUserTweets', { userName: 'followers_200' });
    expect(after.tweets[0]).toMatchObject({ id: added.id, text: 'Hello from the control API 👋' });
    expect(after.tweets[1]!.id).toBe(before.tweets[0]!.id);
    expect((await env.client().call('getForYouTimeline', {})).tweets[0]!.id).toBe(added.id);
    expect((await env.client().call('lookupTweets', { tweet_ids: String(added.id) }))[0]!.text).toMatch(
      /control API/,
    );
  });

  it('gives tweets snowflake-like ids that grow with time, so the newest tweet has the largest id', async () => {
    const timeline = (await env.client().call('getUserTweets', { userName: 'followers_1k' })).tweets;
    const ids = timeline.map((t) => BigInt(t.id));
    expect(ids.every((id, i) => i === 0 || id < ids[i - 1]!)).toBe(true);
    const listed = (await env.client().call('getListTweets', { list_id: listId(0) })).tweets.map((t) =>
      BigInt(t.id),
    );
    const added = (await env.control('/tweets', { userName: 'followers_1k' })).data;
    const another = (await env.control('/tweets', { userName: 'followers_1k' })).data;
    expect(BigInt(String(added.id))).toBeGreaterThan([...ids, ...listed].reduce((a, b) => (a > b ? a : b)));
    expect(BigInt(String(another.id))).toBeGreaterThan(BigInt(String(added.id)));
  });

  it('names the field and the value it could not find, and every role when one is wrong', async () => {
    const unknown = await env.control('/groups', {
      role: 'followers',
      owner: 'one_follower',
      account: 'nobody_here',
      action: 'join',
    });
    expect(unknown).toMatchObject({ status: 'error', msg: 'account "nobody_here" not found' });
    const owner = await env.control('/groups', {
      role: 'followers',
      owner: '@ghost',
      account: '1',
      action: 'join',
    });
    expect(owner).toMatchObject({ msg: 'owner "@ghost" not found' });
    const role = await env.control('/groups', {
      role: 'fans',
      owner: 'one_follower',
      account: '1',
      action: 'join',
    });
    expect(role).toMatchObject({
      msg: 'role must be one of followers, following, mutuals, listMembers, listSubscribers, muted',
    });
  });

  it('adds a follower at the top, counts it, and removes it again on unfollow', async () => {
    const newcomer = (await env.client().call('getUserFollowers', { userName: 'followers_1k', count: 1 }))
      .followers[0]!;
    const stranger = (await env.client().call('getUserFollowers', { userName: 'followers_200', count: 1 }))
      .followers[0]!;
    await env.control('/groups', {
      role: 'followers',
      owner: 'one_follower',
      account: stranger.id,
      action: 'join',
    });
    let page = await env.client().call('getUserFollowers', { userName: 'one_follower' });
    expect(page.followers.map((u) => u.id)).toEqual([stranger.id, expect.any(String)]);
    expect((await env.client().call('getUser', { userName: 'one_follower' })).followers).toBe(2);

    const original = page.followers[1]!.id;
    await env.control('/groups', {
      role: 'followers',
      owner: 'one_follower',
      account: original,
      action: 'leave',
    });
    page = await env.client().call('getUserFollowers', { userName: 'one_follower' });
    expect(page.followers.map((u) => u.id)).toEqual([stranger.id]);

    await env.control('/groups', {
      role: 'followers',
      owner: 'one_follower',
      account: original,
      action: 'join',
    });
    page = await env.client().call('getUserFollowers', { userName: 'one_follower' });
    expect(page.followers.map((u) => u.id)).toEqual([original, stranger.id]);
    expect(newcomer.id).not.toBe(stranger.id);
  });

  it('keeps created lists, with members added later, and shows their tweets on the list timeline', async () => {
    const { list_id } = await env.client().call('createList', { name: 'Watched', description: 'd' });
    await env.control('/groups', { role: 'listMembers', list_id, account: 'social_data', action: 'join' });
    const members = await env.client().call('getListMembers', { list_id });
    expect(members.users.map((u) => u.userName)).toEqual(['social_data']);
    const tweet = (await env.control('/tweets', { userName: 'social_data' })).data;
    expect((await env.client().call('getListTweets', { list_id })).tweets.map((t) => t.id)).toEqual([
      tweet.id,
    ]);
  });

  it('adds bookmarks (short authors) and muted accounts at the top', async () => {
    const tweet = (await env.control('/tweets', { userName: 'followers_199' })).data;
    await env.control('/bookmarks', { tweet_id: tweet.id });
    const bookmark = (await env.client().call('getBookmarks', {})).tweets[0]!;
    expect(bookmark.id).toBe(tweet.id);
    expect(Object.keys(bookmark.author).sort()).toEqual(['id', 'name', 'screen_name', 'userName']);
    await env.control('/groups', { role: 'muted', account: 'followers_201', action: 'join' });
    expect((await env.client().call('getMutedAccounts', {})).users[0]!.userName).toBe('followers_201');
  });

  it('counts list creations, so a test can prove a create was sent once', async () => {
    await env.control('/stats/reset');
    await env.client().call('createList', { name: 'Once' });
    expect((await env.control('/stats', undefined, 'GET')).data).toMatchObject({ createListRequests: 1 });
  });

  it('lists the well-known accounts, lists, communities and topics', async () => {
    const directory = (await env.control('/directory', undefined, 'GET')).data;
    expect((directory.accounts as { userName: string }[]).map((a) => a.userName)).toEqual(
      WELL_KNOWN.map((a) => a.userName),
    );
    expect((directory.lists as { id: string }[])[0]!.id).toBe(listId(0));
    expect(OWNER).toBe(0);
  });

  it('is off unless the sandbox was started with it', async () => {
    const { startSandbox } = await import('../../src');
    const plain = await startSandbox();
    try {
      const response = await fetch(`${plain.url}/_sandbox/stats`);
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
