import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { storedPath, writeReport } from '@social-data/n8n-harness';
import type { Item, N8nInstance, StoredBinary } from '@social-data/n8n-harness';
import type { Sandbox } from '@social-data/sandbox';

import { API_KEY, SECRETS } from './credentials';
import { startSandboxedN8n, stopSandboxedN8n } from './sandboxed-n8n';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The bytes n8n holds for a binary property: inline in default mode, a stored file otherwise. */
function bytesOf(n8n: N8nInstance, binary: StoredBinary): Buffer {
  return binary.id ? readFileSync(storedPath(n8n.folder, binary)) : Buffer.from(binary.data, 'base64');
}

/**
 * Download Media in a real n8n: files byte-equal to what the sandbox's media host served, with
 * their types and names, in n8n's filesystem binary mode (the mode queue mode needs) so the files
 * go through n8n's binary store, not the item JSON; and the media host saw no secret.
 */
export function mediaSuite(line: 1 | 2): void {
  describe(`Download Media in real n8n ${line}.x`, () => {
    let sandbox: Sandbox;
    let n8n: N8nInstance;

    beforeAll(async () => {
      ({ sandbox, n8n } = await startSandboxedN8n(
        line,
        'n8n-media',
        {},
        { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' },
      ));
      await n8n.importWorkflows(join(__dirname, 'media-workflows'));
    }, 900_000);

    afterAll(() => stopSandboxedN8n({ sandbox, n8n }));
    afterEach(() => {
      sandbox.faults.clear();
      sandbox.stats.reset();
    });

    /** What the media host serves at a URL, read after the run so the run's requests stay apart. */
    const served = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

    it('attaches each file as media_0, media_1, …, byte for byte, and the media host saw no secret', async () => {
      const execution = await n8n.execute('sdMediaFiles');
      expect(execution.succeeded).toBe(true);
      const seen = JSON.stringify(sandbox.stats.mediaRequests);
      const requests = sandbox.stats.mediaRequests.length;
      const tweets = execution.items('Files per Tweet');
      expect(tweets).toHaveLength(4);
      let files = 0;
      for (const tweet of tweets) {
        const media = tweet.json.media as { url: string }[];
        expect(Object.keys(tweet.binary ?? {})).toEqual(media.map((_, index) => `media_${index}`));
        for (const [index, { url }] of media.entries()) {
          const binary = tweet.binary?.[`media_${index}`] as StoredBinary;
          expect(binary.id).toMatch(/^filesystem/);
          expect(binary.fileName).toBe(
            `${String(tweet.json.id)}-${index}.${binary.mimeType === 'image/png' ? 'png' : binary.mimeType === 'image/gif' ? 'gif' : 'mp4'}`,
          );
          expect(sha256(bytesOf(n8n, binary))).toBe(sha256(await served(url)));
          files += 1;
        }
      }
      expect(files).toBeGreaterThan(tweets.length);
      const perFile = execution.items('One Item per File');
      expect(perFile).toHaveLength(files);
      for (const item of perFile) expect(Object.keys(item.binary ?? {})).toEqual(['data']);
      expect(requests).toBe(files * 2);
      for (const request of sandbox.stats.mediaRequests.slice(0, requests)) {
        expect(request.headers).not.toHaveProperty('x-api-key');
        expect(request.headers).not.toHaveProperty('cookie');
      }
      for (const secret of [API_KEY, ...SECRETS]) expect(seen).not.toContain(secret);
      writeReport(`n8n-${line}-media`, `Download Media in real n8n ${n8n.runtime.version} (issue 20)`, {
        'binary data mode': 'filesystem',
        tweets: tweets.length,
        'files, byte-equal to the media host': files,
        'media host requests': requests,
        'requests carrying X-API-Key or a cookie': sandbox.stats.mediaRequests
          .slice(0, requests)
          .filter((request) => 'x-api-key' in request.headers || 'cookie' in request.headers).length,
      });
    }, 300_000);

    it('with Continue On Fail, a refused file is an error item naming the tweet and the others arrive', async () => {
      sandbox.faults.add({ endpoint: 'media', fault: 'not-found', times: 1 });
      const execution = await n8n.execute('sdMediaContinue');
      expect(execution.succeeded).toBe(true);
      const items: Item[] = execution.items('Continue On Fail');
      expect(items).toHaveLength(4);
      const [failed, ...others] = items as [Item, ...Item[]];
      expect(failed.json.error).toBe(
        `Could not download media 0 of tweet ${String(failed.json.tweet_id)}: ${new URL(sandbox.mediaUrl).origin} answered HTTP 404.`,
      );
      for (const item of others) expect(Object.keys(item.binary ?? {}).length).toBeGreaterThan(0);
    }, 300_000);
  });
}
