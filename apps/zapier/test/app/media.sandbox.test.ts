import { createHash } from 'node:crypto';

import { communityId } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';
import nock from 'nock';

import type * as Support from '../support/app';
import { FileStore } from '../support/file-store';
import { connectedSandbox } from '../support/sandbox';
import type AppDefinition from '../../src';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const community = { community_id: communityId(0) };

interface Pointer {
  type: string;
  method: string;
  bundle: { tweetId: string; index: number; type: string; url: string };
}

/** What `z.dehydrateFile` wrote: Zapier hydrates `hydrate|||{…}|||hydrate` when a step uses it. */
function pointerOf(value: unknown): Pointer {
  const match = /^hydrate\|\|\|(.+)\|\|\|hydrate$/.exec(String(value));
  if (!match) throw new Error(`not a dehydrated file: ${String(value)}`);
  return JSON.parse(match[1]!) as Pointer;
}

interface Tweet {
  id: string;
  media: Array<{ type: string; url: string; file: string }>;
}

let sandbox: Sandbox;
let authData: Record<string, string>;
// Type-only imports above: the modules themselves load after the file store has started.
let tester: typeof Support;
let App: typeof AppDefinition;
const store = new FileStore();

beforeAll(async () => {
  // Every request here goes to loopback servers, through the app's real HTTP stack: nock's patch,
  // even letting loopback through, stalls a streamed body that is read late, as z.stashFile does.
  nock.restore();
  await store.start();
  tester = await import('../support/app');
  App = (await import('../../src')).default;
  ({ sandbox, authData } = await connectedSandbox('Media'));
});
afterAll(async () => {
  await store.close();
  await sandbox.close();
});
afterEach(() => {
  sandbox.faults.clear();
  sandbox.stats.reset();
});

const hydrate = (pointer: Pointer) =>
  tester.appTester(App.hydrators.downloadMedia as never, { authData, inputData: pointer.bundle } as never);
const run = (...args: Parameters<typeof tester.run>) => tester.run(...args);
const served = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
const secrets = () => [authData.apiKey!, 'zapMediaCookie_1', 'zapMediaCsrf_1', 'zapMediaPass_1'];

describe("media as Zapier files, hydrated through Zapier's own tester", () => {
  let tweets: Tweet[];
  beforeAll(async () => {
    tweets = (await run('triggers', 'newCommunityMedia', authData, community)) as Tweet[];
  });

  it('a trigger gives each media item a dehydrated file that carries the item and no secret', () => {
    const items = tweets.flatMap((tweet) => tweet.media.map((item, index) => ({ tweet, item, index })));
    expect(items.length).toBeGreaterThan(2);
    for (const { tweet, item, index } of items) {
      expect(pointerOf(item.file)).toEqual({
        type: 'file',
        method: 'hydrators.downloadMedia',
        bundle: { tweetId: tweet.id, index, type: item.type, url: item.url },
      });
      for (const secret of secrets()) expect(item.file).not.toContain(secret);
    }
  });

  it('hydration stores the bytes the media host served, with the name and type, and sends it no secret', async () => {
    const kinds = new Map(tweets.flatMap((tweet) => tweet.media.map((item) => [item.type, item] as const)));
    expect([...kinds.keys()].sort()).toEqual(['animated_gif', 'photo', 'video']);
    for (const item of kinds.values()) {
      const pointer = pointerOf(item.file);
      const link = await hydrate(pointer);
      const stored = store.files.at(-1)!;
      expect(link).toBe(`${store.url}stash/${store.files.length - 1}`);
      expect(stored.fileName).toBe(
        `${pointer.bundle.tweetId}-${pointer.bundle.index}.${item.url.split('.').pop()}`,
      );
      expect(stored.contentType).toBe(
        { photo: 'image/png', animated_gif: 'image/gif', video: 'video/mp4' }[item.type],
      );
      expect(sha256(stored.bytes)).toBe(sha256(await served(item.url)));
    }
    const seen = sandbox.stats.mediaRequests.slice(0, 3);
    expect(seen).toHaveLength(3);
    for (const request of seen) {
      expect(request.headers).not.toHaveProperty('x-api-key');
      expect(request.headers).not.toHaveProperty('cookie');
    }
    for (const secret of secrets()) expect(JSON.stringify(seen)).not.toContain(secret);
  });

  it('a 2 MB video arrives whole, although its stream waited for the upload form', async () => {
    const video = tweets.flatMap((tweet) => tweet.media).find((item) => item.type === 'video')!;
    const pointer = pointerOf(video.file);
    const url = `${pointer.bundle.url}?bytes=${2 * 1024 * 1024}`;
    await hydrate({ ...pointer, bundle: { ...pointer.bundle, url } });
    expect(sha256(store.files.at(-1)!.bytes)).toBe(sha256(await served(url)));
  });

  it('a file over the 25 MiB cap is refused before its first byte, naming the tweet', async () => {
    const video = tweets.flatMap((tweet) => tweet.media).find((item) => item.type === 'video')!;
    const pointer = pointerOf(video.file);
    const url = `${pointer.bundle.url}?bytes=${26 * 1024 * 1024}`;
    await expect(hydrate({ ...pointer, bundle: { ...pointer.bundle, url } })).rejects.toThrow(
      `Could not download media ${pointer.bundle.index} of tweet ${pointer.bundle.tweetId}: the file (27262976 bytes) is over the 25 MiB cap; nothing more was read.`,
    );
  });

  it('a file the media host refuses fails the hydration with an error naming the tweet', async () => {
    sandbox.faults.add({ endpoint: 'media', fault: 'not-found' });
    const pointer = pointerOf(tweets[0]!.media[0]!.file);
    await expect(hydrate(pointer)).rejects.toThrow(
      `Could not download media 0 of tweet ${pointer.bundle.tweetId}: ${new URL(sandbox.mediaUrl).origin} answered HTTP 404.`,
    );
  });

  it('simplified records carry media_files, and the feed action its records’ files', async () => {
    const simple = (await run(
      'triggers',
      'newCommunityMedia',
      authData,
      { ...community, simplify: true },
      tester.newZap(),
    )) as Array<{
      id: string;
      media_files: string[];
      media_count: number;
    }>;
    expect(simple[0]!.media_files).toHaveLength(simple[0]!.media_count);
    expect(pointerOf(simple[0]!.media_files[0]).bundle.tweetId).toBe(simple[0]!.id);
    const action = (await run('creates', 'getCommunityMedia', authData, { ...community, maxItems: 5 })) as {
      records: Tweet[];
    };
    const [first] = action.records;
    expect(pointerOf(first!.media[0]!.file).bundle).toMatchObject({ tweetId: first!.id, index: 0 });
  });
});
