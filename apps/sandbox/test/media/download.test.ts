import { createHash } from 'node:crypto';
import { MediaDownloadError, TimeoutError } from '@social-data/core';
import { downloadMedia, mediaTargets } from '@social-data/core/media';
import type { Media } from '@social-data/core';
import type { MediaDownloadOptions, MediaFile, MediaTarget } from '@social-data/core/media';
import { fetchMediaTransport } from '@social-data/core/node';
import { startRecorder } from '../../src';
import type { Recorder } from '../../src';
import { mediaFile } from '../../src/media/files';
import { mediaTone, parseMediaPath } from '../../src/media/paths';
import { stripe } from '../../src/media/png';
import { COOKIE, PROXY, useSandbox } from '../support';
import { decodeGif, decodePng, readMp4 } from './decode';

const env = useSandbox();
const MIB = 1024 * 1024;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function collect(file: MediaFile) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of file.body) chunks.push(chunk);
  return { file, bytes: Buffer.concat(chunks) };
}

function options(overrides: Partial<MediaDownloadOptions> = {}): MediaDownloadOptions {
  return {
    transport: fetchMediaTransport(),
    sleep: async () => undefined,
    redact: env.client().redact,
    ...overrides,
  };
}

/** What the sandbox serves at a URL, computed from its own files module. */
function served(url: string): Buffer {
  const { pathname, searchParams } = new URL(url);
  const bytes = searchParams.get('bytes');
  const file = mediaFile(parseMediaPath(pathname)!, bytes ? Number(bytes) : undefined);
  return Buffer.concat([...file.chunks()]);
}

async function stats() {
  return (await env.control('/stats', undefined, 'GET')).data as {
    mediaRequests: { url: string; headers: Record<string, string> }[];
  };
}

afterEach(async () => {
  await env.control('/faults', undefined, 'DELETE');
  await env.control('/stats/reset');
});

let items: MediaTarget[];
beforeAll(async () => {
  const { data } = await env.control('/directory', undefined, 'GET');
  const community = (data.communities as { id: string }[])[0]!.id;
  const page = await env.client().call('getCommunityMedia', { community_id: community, count: 40 });
  items = page.tweets.flatMap((tweet) => mediaTargets(tweet as { id: string; media?: Media[] }));
});

const byType = (type: string) => items.find((target) => target.item.type === type)!;

describe('every media item points at the media host, another origin, and downloads through core', () => {
  it('covers photos, videos and GIFs, all on the media host', () => {
    expect(new Set(items.map((t) => t.item.type))).toEqual(new Set(['photo', 'video', 'animated_gif']));
    expect(new URL(env.sandbox.mediaUrl).origin).not.toBe(new URL(env.sandbox.url).origin);
    for (const target of items) expect(target.item.url.startsWith(`${env.sandbox.mediaUrl}/`)).toBe(true);
  });

  it('photos: the bytes are what the sandbox served, a PNG of the item width×height', async () => {
    const target = byType('photo');
    const { file, bytes } = await downloadMedia(target, collect, options());
    expect(sha(bytes)).toBe(sha(served(target.item.url)));
    expect(file).toMatchObject({
      mimeType: 'image/png',
      fileName: `${target.tweetId}-${target.index}.png`,
      size: bytes.length,
    });
    const item = target.item as Media;
    const png = decodePng(bytes);
    expect([png.width, png.height]).toEqual([item.width, item.height]);
    expect(new Set(png.pixels)).toEqual(new Set([0, 1]));
  });

  it('GIFs: a two-frame GIF of the item size whose pixels decode to the stripes', async () => {
    const target = byType('animated_gif');
    const { file, bytes } = await downloadMedia(target, collect, options());
    expect(sha(bytes)).toBe(sha(served(target.item.url)));
    expect(file).toMatchObject({ mimeType: 'image/gif', fileName: `${target.tweetId}-${target.index}.gif` });
    const item = target.item as Media;
    const gif = decodeGif(bytes);
    expect([gif.width, gif.height]).toEqual([item.width, item.height]);
    expect(gif.frames).toHaveLength(2);
    expect(gif.frames[0]).toHaveLength(item.width * item.height);
    const tone = mediaTone(target.tweetId, target.index);
    const row = Array.from({ length: item.width }, (_, x) => stripe(x, 7, tone));
    expect(gif.frames[0]!.slice(7 * item.width, 8 * item.width)).toEqual(row);
    expect(item.preview_image_url).toMatch(/\.png$/);
  });

  it('videos: an MP4 whose header carries the item size and duration', async () => {
    const target = byType('video');
    const { file, bytes } = await downloadMedia(target, collect, options());
    expect(sha(bytes)).toBe(sha(served(target.item.url)));
    expect(file).toMatchObject({ mimeType: 'video/mp4', fileName: `${target.tweetId}-${target.index}.mp4` });
    const item = target.item as Media;
    const mp4 = readMp4(bytes);
    expect(mp4).toMatchObject({
      boxes: ['ftyp', 'moov', 'mdat'],
      brand: 'isom',
      width: item.width,
      height: item.height,
    });
    expect(mp4.durationMs).toBe(item.duration_ms);
  });

  it('the media host saw neither the API key, nor the cookie, nor the proxy', async () => {
    for (const type of ['photo', 'video', 'animated_gif'])
      await downloadMedia(byType(type), collect, options());
    const { mediaRequests } = await stats();
    expect(mediaRequests).toHaveLength(3);
    const seen = JSON.stringify(mediaRequests);
    for (const secret of [
      env.sandbox.keys[0]!,
      COOKIE,
      'sandbox-session',
      'sandbox-csrf',
      PROXY,
      'user:pass',
    ])
      expect(seen).not.toContain(secret);
    for (const request of mediaRequests) {
      expect(request.headers).not.toHaveProperty('x-api-key');
      expect(request.headers).not.toHaveProperty('cookie');
    }
  });

  it('a 5 MiB file on request (?bytes=), streamed whole', async () => {
    const target = {
      ...byType('video'),
      item: { type: 'video', url: `${byType('video').item.url}?bytes=${5 * MIB}` },
    };
    const { bytes } = await downloadMedia(target, collect, options());
    expect(bytes.length).toBe(5 * MIB);
    expect(sha(bytes)).toBe(sha(served(target.item.url)));
  });
});

describe('faults on the media route, staged with the control API', () => {
  const stage = (rule: Record<string, unknown>) => env.control('/faults', { endpoint: 'media', ...rule });

  it.each(['error-500', 'error-503', 'rate-limit', 'reset', 'html', 'truncated'])(
    '%s once: retried, and the file arrives whole',
    async (fault) => {
      await stage({ fault, times: 1, retryAfter: 0 });
      const target = byType('photo');
      const { bytes } = await downloadMedia(target, collect, options());
      expect(sha(bytes)).toBe(sha(served(target.item.url)));
      expect((await stats()).mediaRequests).toHaveLength(2);
    },
  );

  it('not-found: a 404 naming the tweet, not retried', async () => {
    await stage({ fault: 'not-found' });
    const target = byType('photo');
    const error = await downloadMedia(target, collect, options()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaDownloadError);
    expect(error).toMatchObject({ status: 404, tweetId: target.tweetId, index: target.index });
    expect((await stats()).mediaRequests).toHaveLength(1);
  });

  it('slow past the timeout: a TimeoutError, then a retry that gets the file', async () => {
    // A slow answer far past the timeout, and a timeout with room for the retry's file on a busy
    // machine: the retry must not time out too. The sandbox cuts the delay short when it closes.
    await stage({ fault: 'slow', times: 1, delayMs: 60_000 });
    const target = byType('photo');
    let attempts = 0;
    const transport = fetchMediaTransport();
    const { bytes } = await downloadMedia(
      target,
      collect,
      options({
        timeoutMs: 5000,
        transport: async (request) => {
          attempts += 1;
          return transport(request);
        },
      }),
    );
    expect(sha(bytes)).toBe(sha(served(target.item.url)));
    expect(attempts).toBe(2);
    await stage({ fault: 'slow', delayMs: 4000 });
    const error = await downloadMedia(target, collect, options({ timeoutMs: 100, maxRetries: 0 })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a body larger than announced: the client reads no more than the Content-Length', async () => {
    await stage({ fault: 'lying-length', times: 1 });
    const target = byType('video');
    const whole = served(target.item.url);
    const result = await downloadMedia(target, collect, options()).catch((e: unknown) => e);
    // fetch's parser ends the body at the announced length; the rest never reaches the consumer.
    expect((result as { bytes: Buffer }).bytes).toEqual(whole.subarray(0, Math.floor(whole.length / 2)));
  });

  it('an endless body stops at the cap', async () => {
    await stage({ fault: 'endless-body' });
    const error = await downloadMedia(byType('photo'), collect, options({ maxBytes: MIB })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ reason: 'too-large', limitBytes: MIB });
  });

  it('a file past the cap is refused by its announced size, naming the tweet and the cap', async () => {
    const video = byType('video');
    const target = { ...video, item: { type: 'video', url: `${video.item.url}?bytes=${30 * MIB}` } };
    const error = await downloadMedia(target, collect, options()).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `Could not download media ${video.index} of tweet ${video.tweetId}: the file (${30 * MIB} bytes) is over the 25 MiB cap; nothing more was read.`,
    );
  });

  it('a redirect to the same file is followed', async () => {
    await stage({ fault: 'redirect-same-origin', times: 1 });
    const target = byType('photo');
    const { bytes } = await downloadMedia(target, collect, options());
    expect(sha(bytes)).toBe(sha(served(target.item.url)));
  });

  describe('a redirect to another origin', () => {
    let recorder: Recorder;
    beforeAll(async () => {
      recorder = await startRecorder({ host: '127.0.0.1' });
    });
    afterAll(() => recorder.close());

    it('is followed with no secret, and what it sends is checked like the file', async () => {
      await stage({ fault: 'redirect-other-origin', to: `${recorder.url}/collect`, status: 307 });
      const error = await downloadMedia(byType('photo'), collect, options()).catch((e: unknown) => e);
      expect(error).toMatchObject({ reason: 'content-type' });
      expect(recorder.requests).toHaveLength(1);
      const seen = JSON.stringify(recorder.requests);
      for (const secret of [env.sandbox.keys[0]!, 'sandbox-session', 'user:pass'])
        expect(seen).not.toContain(secret);
      expect(recorder.requests[0]!.headers).not.toHaveProperty('x-api-key');
    });
  });
});
