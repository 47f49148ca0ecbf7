import { createHash, randomBytes } from 'node:crypto';

import nock from 'nock';
import { NodeHelpers } from 'n8n-workflow';
import type { IBinaryData, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { SocialData } from '../../../nodes/SocialData/SocialData.node';

import { api, apiCredential, leakedSecrets, ok, sessionCredential, tweet } from '../../support/api';
import { runNode } from '../../support/workflow';
import { stopN8nTimers } from '../../support/n8n-timers';

afterAll(stopN8nTimers);
afterEach(() => nock.cleanAll());

const MEDIA_HOST = 'https://media.social-data.test';
const credentials = { socialDataApi: apiCredential };
const withSession = { socialDataApi: sessionCredential };
const byName = (value: string) => ({ __rl: true, mode: 'username', value });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Distinct bytes per file, so a hash proves which file arrived where. */
const files = new Map<string, Buffer>();
function bytesOf(path: string, size = 2048): Buffer {
  const known = files.get(path) ?? randomBytes(size);
  files.set(path, known);
  return known;
}

function mediaTweet(n: number, media: Array<{ type: string; path: string }>) {
  return {
    ...tweet(n),
    media: media.map(({ type, path }) => ({ type, url: `${MEDIA_HOST}${path}`, width: 4, height: 3 })),
  };
}

/** A media host that answers only requests carrying no credential of any kind. */
function mediaHost(): nock.Scope {
  return nock(MEDIA_HOST, { badheaders: ['x-api-key', 'cookie', 'proxy-authorization', 'authorization'] });
}

function serve(scope: nock.Scope, path: string, type: string): nock.Scope {
  const bytes = bytesOf(path);
  return scope.get(path).reply(200, bytes, { 'Content-Type': type, 'Content-Length': String(bytes.length) });
}

function bytesIn(binary: IBinaryData | undefined): Buffer {
  return Buffer.from(binary?.data ?? '', 'base64');
}

const userMedia = (options: object) => ({
  resource: 'user',
  operation: 'getUserMedia',
  userName: byName('social_data'),
  limit: 3,
  options,
});

function pageOf(tweets: unknown[]) {
  return api()
    .post('/social/user/social_data/media')
    .reply(200, ok({ tweets, next_cursor: '', has_next_page: false }));
}

describe('Download Media in the Social Data node', () => {
  const first = mediaTweet(1, [
    { type: 'photo', path: '/media/4x3/1_0.png' },
    { type: 'video', path: '/ext_tw_video/1_1.mp4' },
  ]);
  const plain = mediaTweet(2, []);
  const gif = mediaTweet(3, [{ type: 'animated_gif', path: '/tweet_video/3_0.gif' }]);

  it('attaches every file as media_0, media_1, … with its bytes, type and name, never sending a secret', async () => {
    const scope = pageOf([first, plain, gif]);
    const media = mediaHost();
    serve(media, '/media/4x3/1_0.png', 'image/png');
    serve(media, '/ext_tw_video/1_1.mp4', 'video/mp4');
    serve(media, '/tweet_video/3_0.gif', 'image/gif');
    const { items, error, run } = await runNode(userMedia({ downloadMedia: true }), {
      credentials: withSession,
    });
    expect(error).toBeUndefined();
    expect(items.map((item) => Object.keys(item.binary ?? {}))).toEqual([
      ['media_0', 'media_1'],
      [],
      ['media_0'],
    ]);
    const [one, , three] = items as [INodeExecutionData, INodeExecutionData, INodeExecutionData];
    expect(one.binary?.media_0).toMatchObject({ mimeType: 'image/png', fileName: `${first.id}-0.png` });
    expect(one.binary?.media_1).toMatchObject({ mimeType: 'video/mp4', fileName: `${first.id}-1.mp4` });
    expect(three.binary?.media_0).toMatchObject({ mimeType: 'image/gif', fileName: `${gif.id}-0.gif` });
    expect(sha256(bytesIn(one.binary?.media_0))).toBe(sha256(bytesOf('/media/4x3/1_0.png')));
    expect(sha256(bytesIn(one.binary?.media_1))).toBe(sha256(bytesOf('/ext_tw_video/1_1.mp4')));
    expect(sha256(bytesIn(three.binary?.media_0))).toBe(sha256(bytesOf('/tweet_video/3_0.gif')));
    expect(one.json.id).toBe(first.id);
    expect(leakedSecrets(run)).toEqual([]);
    scope.done();
    media.done();
  });

  it('gives one item per file in "data", the tweet beside it, and none for a tweet without media', async () => {
    const scope = pageOf([first, plain, gif]);
    const media = mediaHost();
    serve(media, '/media/4x3/1_0.png', 'image/png');
    serve(media, '/ext_tw_video/1_1.mp4', 'video/mp4');
    serve(media, '/tweet_video/3_0.gif', 'image/gif');
    const { items } = await runNode(userMedia({ downloadMedia: true, mediaOutput: 'file', simplify: true }), {
      credentials: withSession,
    });
    expect(items.map((item) => [item.json.id, item.json.media_index, item.json.media_type])).toEqual([
      [first.id, 0, 'photo'],
      [first.id, 1, 'video'],
      [gif.id, 0, 'animated_gif'],
    ]);
    expect(items.map((item) => item.binary?.data?.fileName)).toEqual([
      `${first.id}-0.png`,
      `${first.id}-1.mp4`,
      `${gif.id}-0.gif`,
    ]);
    expect(items[0]?.json.author_userName).toBe('user_1');
    expect(sha256(bytesIn(items[1]?.binary?.data))).toBe(sha256(bytesOf('/ext_tw_video/1_1.mp4')));
    expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
    scope.done();
    media.done();
  });

  it('downloads nothing unless asked', async () => {
    const scope = pageOf([first]);
    const { items } = await runNode(userMedia({}), { credentials: withSession });
    expect(items).toHaveLength(1);
    expect(items[0]?.binary).toBeUndefined();
    scope.done();
  });

  it('stops a file over the cap before reading it, naming the tweet', async () => {
    const big = mediaTweet(4, [{ type: 'video', path: '/ext_tw_video/4_0.mp4' }]);
    const scope = pageOf([big]);
    const media = mediaHost()
      .get('/ext_tw_video/4_0.mp4')
      .reply(200, Buffer.alloc(16), {
        'Content-Type': 'video/mp4',
        'Content-Length': String(3 * 1024 * 1024),
      });
    const { error } = await runNode(userMedia({ downloadMedia: true, maxMediaSize: 2 }), {
      credentials: withSession,
    });
    expect(error?.message).toBe(
      `Could not download media 0 of tweet ${big.id}: the file (3145728 bytes) is over the 2 MiB cap; nothing more was read.`,
    );
    scope.done();
    media.done();
  });

  it('with Continue On Fail, makes a failed file an error item naming the tweet and keeps the others', async () => {
    const broken = mediaTweet(5, [{ type: 'photo', path: '/media/4x3/5_0.png' }]);
    const scope = pageOf([first, broken, gif]);
    const media = mediaHost();
    serve(media, '/media/4x3/1_0.png', 'image/png');
    serve(media, '/ext_tw_video/1_1.mp4', 'video/mp4');
    media.get('/media/4x3/5_0.png').reply(404, 'gone', { 'Content-Type': 'text/plain' });
    serve(media, '/tweet_video/3_0.gif', 'image/gif');
    const { items, error } = await runNode(userMedia({ downloadMedia: true }), {
      credentials: withSession,
      continueOnFail: true,
    });
    expect(error).toBeUndefined();
    expect(items.map((item) => item.json.id ?? item.json.tweet_id)).toEqual([first.id, broken.id, gif.id]);
    expect(items[1]?.json).toMatchObject({
      error: `Could not download media 0 of tweet ${broken.id}: ${MEDIA_HOST} answered HTTP 404.`,
      tweet_id: broken.id,
    });
    expect(sha256(bytesIn(items[2]?.binary?.media_0))).toBe(sha256(bytesOf('/tweet_video/3_0.gif')));
    scope.done();
    media.done();
  });

  it('refuses page output with media before any request, naming both options', async () => {
    nock.disableNetConnect();
    const { error } = await runNode(userMedia({ downloadMedia: true, outputMode: 'pages' }), {
      credentials: withSession,
    });
    nock.enableNetConnect();
    expect(error?.message).toBe('Download Media needs Output "One Item per Record"');
  });

  it('attaches the files of a tweet looked up by id', async () => {
    const scope = api()
      .get('/social/tweets/lookup')
      .query(true)
      .reply(200, ok([gif]));
    const media = serve(mediaHost(), '/tweet_video/3_0.gif', 'image/gif');
    const { items } = await runNode(
      { resource: 'tweet', operation: 'lookupTweets', tweet_ids: gif.id, options: { downloadMedia: true } },
      { credentials },
    );
    expect(items[0]?.binary?.media_0?.fileName).toBe(`${gif.id}-0.gif`);
    scope.done();
    media.done();
  });
});

describe('Download Media in the panel', () => {
  const description = new SocialData().description;
  const optionsOf = (operation: string) =>
    (description.properties.find(
      (property) =>
        property.name === 'options' && property.displayOptions?.show?.operation?.includes(operation),
    )?.options ?? []) as INodeProperties[];
  const shown = (option: INodeProperties, values: object, name = description.name) =>
    NodeHelpers.displayParameter(values as never, option, { typeVersion: 1 }, { ...description, name });

  it('is offered on tweet operations that carry media, and not on users or bookmarks', () => {
    const names = (operation: string) => optionsOf(operation).map((option) => option.name);
    expect(names('getUserMedia')).toEqual(
      expect.arrayContaining(['downloadMedia', 'mediaOutput', 'maxMediaSize']),
    );
    expect(names('lookupTweets')).toContain('downloadMedia');
    expect(names('getUserFollowers')).not.toContain('downloadMedia');
    expect(names('getBookmarks')).not.toContain('downloadMedia');
  });

  it('is hidden when the node is an agent’s tool, and its settings show only once it is on', () => {
    const [download, output] = ['downloadMedia', 'mediaOutput'].map((name) =>
      optionsOf('getUserMedia').find((option) => option.name === name)!,
    ) as [INodeProperties, INodeProperties];
    expect(shown(download, {})).toBe(true);
    expect(shown(download, {}, 'socialDataTool')).toBe(false);
    expect(shown(output, { downloadMedia: false })).toBe(false);
    expect(shown(output, { downloadMedia: true })).toBe(true);
    expect(shown(output, { downloadMedia: true }, 'socialDataTool')).toBe(false);
  });
});
