import { createHash } from 'node:crypto';
import nock from 'nock';
import {
  CancelledError,
  ConnectionError,
  MediaDownloadError,
  TimeoutError,
  ValidationError,
} from '../../src';
import { DEFAULT_MAX_MEDIA_BYTES, downloadMedia, mediaTargets } from '../../src/media';
import { mediaFileName } from '../../src/media/content';
import type { MediaDownloadOptions, MediaFile, MediaTarget, MediaTransport } from '../../src/media';
import { fetchMediaTransport } from '../../src/node';
import { API_KEY, BASE, COOKIE, PROXY, systemError, testClient } from '../support/client';

const MEDIA = 'https://pbs.media-host.test';
const CDN = 'https://cdn.elsewhere.test';
const TWEET = '1790000000000000001';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(2000, 7)]);
const photo = (path = '/media/a.png'): MediaTarget => ({
  tweetId: TWEET,
  index: 1,
  item: { type: 'photo', url: `${MEDIA}${path}` },
});

afterEach(() => nock.cleanAll());

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function collect(file: MediaFile): Promise<MediaFile & { bytes: Buffer }> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of file.body) chunks.push(chunk);
  return { ...file, bytes: Buffer.concat(chunks) };
}

function setup(overrides: Partial<MediaDownloadOptions> = {}) {
  const sleeps: number[] = [];
  const { client } = testClient();
  const options: MediaDownloadOptions = {
    transport: fetchMediaTransport(),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    redact: client.redact,
    ...overrides,
  };
  return { sleeps, options, client };
}

const fail = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

/** Every header and the URL a media host received, as one text to search for secrets. */
function seen(requests: { url: string; headers: Record<string, unknown> }[]): string {
  return JSON.stringify(requests);
}
const SECRETS = [API_KEY, 'cookie-secret-value', 'csrf-secret-value', 'proxy-pass-secret', 'proxyuser'];

describe('downloadMedia: a file streamed to its consumer', () => {
  it('hands over the bytes, the type and a stable name, and the media host sees no secret', async () => {
    const requests: { url: string; headers: Record<string, unknown> }[] = [];
    nock(BASE)
      .get(/\/social\/user\/jack$/)
      .reply(200, { status: 'success', msg: 'success', data: { id: '1', userName: 'jack' } });
    nock(MEDIA)
      .get('/media/a.png')
      .reply(function () {
        requests.push({ url: this.req.path, headers: this.req.headers });
        return [200, PNG, { 'content-type': 'image/png', 'content-length': String(PNG.length) }];
      });
    const { options, client } = setup();
    // The client that made this call holds the key, the cookie and the proxy; the download is never given them.
    await client.call('getUser', { userName: 'jack' });
    const file = await downloadMedia(photo(), collect, options);
    expect(file).toMatchObject({
      tweetId: TWEET,
      index: 1,
      type: 'photo',
      fileName: `${TWEET}-1.png`,
      mimeType: 'image/png',
      size: PNG.length,
    });
    expect(sha(file.bytes)).toBe(sha(PNG));
    expect(requests).toHaveLength(1);
    expect(Object.keys(requests[0]!.headers)).not.toEqual(expect.arrayContaining(['x-api-key']));
    expect(requests[0]!.headers).not.toHaveProperty('cookie');
    for (const secret of SECRETS) expect(seen(requests)).not.toContain(secret);
  });

  it('follows redirects to another origin with a request of its own that carries no secret', async () => {
    const requests: { url: string; headers: Record<string, unknown> }[] = [];
    const record = function (this: nock.ReplyFnContext) {
      requests.push({ url: this.req.path, headers: this.req.headers });
    };
    nock(MEDIA)
      .get('/media/a.png')
      .reply(function () {
        record.call(this);
        return [302, '', { location: `${CDN}/x/a.png?sig=1` }];
      });
    nock(CDN)
      .get('/x/a.png?sig=1')
      .reply(function () {
        record.call(this);
        return [301, '', { location: '/y/a.png' }];
      });
    nock(CDN)
      .get('/y/a.png')
      .reply(function () {
        record.call(this);
        return [200, PNG, { 'content-type': 'image/png' }];
      });
    const file = await downloadMedia(photo(), collect, setup().options);
    expect(sha(file.bytes)).toBe(sha(PNG));
    expect(requests.map((r) => r.url)).toEqual(['/media/a.png', '/x/a.png?sig=1', '/y/a.png']);
    for (const request of requests) expect(request.headers).not.toHaveProperty('x-api-key');
    for (const secret of SECRETS) expect(seen(requests)).not.toContain(secret);
  });

  it('stops a redirect loop after 5 hops with an error naming the tweet', async () => {
    const loop = nock(MEDIA).get('/media/a.png').times(6).reply(302, '', { location: '/media/a.png' });
    const error = await fail(downloadMedia(photo(), collect, setup().options));
    expect(error).toBeInstanceOf(MediaDownloadError);
    expect(error).toMatchObject({ reason: 'redirect', tweetId: TWEET, index: 1 });
    expect((error as Error).message).toMatch(`media 1 of tweet ${TWEET}`);
    expect((error as Error).message).toMatch(/more than 5 times/);
    expect(loop.isDone()).toBe(true);
  });

  it('names files <tweet id>-<index>.<ext> from the media type, and only with safe characters', () => {
    expect(mediaFileName(TWEET, 0, 'image/jpeg')).toBe(`${TWEET}-0.jpg`);
    expect(mediaFileName(TWEET, 2, 'video/mp4')).toBe(`${TWEET}-2.mp4`);
    expect(mediaFileName(TWEET, 3, 'image/gif')).toBe(`${TWEET}-3.gif`);
    expect(mediaFileName('../../etc/passwd', 0, 'image/png')).toBe('______etc_passwd-0.png');
    expect(
      mediaTargets({
        id: TWEET,
        media: [
          { type: 'photo', url: `${MEDIA}/1`, width: 1, height: 1 },
          { type: 'video', url: `${MEDIA}/2`, width: 1, height: 1 },
        ],
      }).map((t) => [t.tweetId, t.index, t.item.type]),
    ).toEqual([
      [TWEET, 0, 'photo'],
      [TWEET, 1, 'video'],
    ]);
  });
});

describe('retries as API calls do', () => {
  it.each([500, 502, 503, 408])('HTTP %i, then the file: retried after backoff', async (status) => {
    nock(MEDIA)
      .get('/media/a.png')
      .reply(status, 'busy')
      .get('/media/a.png')
      .reply(200, PNG, { 'content-type': 'image/png' });
    const { options, sleeps } = setup();
    const file = await downloadMedia(photo(), collect, options);
    expect(sha(file.bytes)).toBe(sha(PNG));
    expect(sleeps).toEqual([375]);
  });

  it('429 with Retry-After: 3 waits 3 s', async () => {
    nock(MEDIA)
      .get('/media/a.png')
      .reply(429, '', { 'retry-after': '3' })
      .get('/media/a.png')
      .reply(200, PNG, { 'content-type': 'image/png' });
    const { options, sleeps } = setup();
    await downloadMedia(photo(), collect, options);
    expect(sleeps).toEqual([3000]);
  });

  it('a reset connection, then the file', async () => {
    nock(MEDIA)
      .get('/media/a.png')
      .replyWithError(systemError('ECONNRESET'))
      .get('/media/a.png')
      .reply(200, PNG, { 'content-type': 'image/png' });
    const file = await downloadMedia(photo(), collect, setup().options);
    expect(sha(file.bytes)).toBe(sha(PNG));
  });

  it('a slow answer past the timeout is a TimeoutError naming the tweet, retried, then given up', async () => {
    const slow = nock(MEDIA)
      .get('/media/a.png')
      .times(2)
      .delay(400)
      .reply(200, PNG, { 'content-type': 'image/png' });
    const error = await fail(
      downloadMedia(photo(), collect, setup({ timeoutMs: 50, maxRetries: 1 }).options),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(`within 0.05 s for media 1 of tweet ${TWEET}`);
    expect(slow.isDone()).toBe(true);
  });

  it('503 on every attempt: the last error, after maxRetries + 1 requests, names the tweet and status', async () => {
    const busy = nock(MEDIA).get('/media/a.png').times(3).reply(503, '');
    const error = await fail(downloadMedia(photo(), collect, setup().options));
    expect(error).toBeInstanceOf(MediaDownloadError);
    expect(error).toMatchObject({ status: 503, reason: 'status', transient: true });
    expect((error as Error).message).toBe(
      `Could not download media 1 of tweet ${TWEET}: ${MEDIA} answered HTTP 503.`,
    );
    expect(busy.isDone()).toBe(true);
  });

  it('404 is not retried', async () => {
    const gone = nock(MEDIA).get('/media/a.png').reply(404, 'gone');
    const { options, sleeps } = setup();
    const error = await fail(downloadMedia(photo(), collect, options));
    expect(error).toMatchObject({
      status: 404,
      reason: 'status',
      transient: false,
      tweetId: TWEET,
      index: 1,
    });
    expect(sleeps).toEqual([]);
    expect(gone.isDone()).toBe(true);
  });

  it('a body that breaks off mid-stream: the consumer is called again with a fresh stream', async () => {
    let calls = 0;
    const transport: MediaTransport = async () => {
      calls += 1;
      const broken = calls === 1;
      return {
        status: 200,
        headers: { 'content-type': 'image/png' },
        body: (async function* () {
          yield PNG.subarray(0, 100);
          if (broken) throw systemError('ECONNRESET');
          yield PNG.subarray(100);
        })(),
      };
    };
    const consumed: number[] = [];
    const file = await downloadMedia(
      photo(),
      async (f) => {
        const whole = await collect(f);
        consumed.push(whole.bytes.length);
        return whole;
      },
      setup({ transport }).options,
    );
    expect(sha(file.bytes)).toBe(sha(PNG));
    expect(calls).toBe(2);
    expect(consumed).toEqual([PNG.length]);
  });

  it('an error of the consumer itself is passed on unchanged and not retried', async () => {
    const media = nock(MEDIA).get('/media/a.png').reply(200, PNG, { 'content-type': 'image/png' });
    const disk = new Error('ENOSPC: no space left on device');
    const error = await fail(
      downloadMedia(
        photo(),
        async () => {
          throw disk;
        },
        setup().options,
      ),
    );
    expect(error).toBe(disk);
    expect(media.isDone()).toBe(true);
  });

  it('a cancelled download stops during the retry wait', async () => {
    nock(MEDIA).get('/media/a.png').reply(503, '');
    const controller = new AbortController();
    const error = await fail(
      downloadMedia(photo(), collect, {
        ...setup().options,
        signal: controller.signal,
        sleep: () => {
          controller.abort();
          return new Promise(() => undefined);
        },
      }),
    );
    expect(error).toBeInstanceOf(CancelledError);
  });
});

describe('the size cap', () => {
  it('an announced size past the default 25 MiB cap fails before a byte is read, naming tweet, index and cap', async () => {
    expect(DEFAULT_MAX_MEDIA_BYTES).toBe(25 * 1024 * 1024);
    nock(MEDIA)
      .get('/media/a.png')
      .reply(200, PNG, { 'content-type': 'image/png', 'content-length': String(30 * 1024 * 1024) });
    const { options, sleeps } = setup();
    const error = await fail(downloadMedia(photo(), collect, options));
    expect(error).toBeInstanceOf(MediaDownloadError);
    expect(error).toMatchObject({
      reason: 'too-large',
      limitBytes: DEFAULT_MAX_MEDIA_BYTES,
      tweetId: TWEET,
      index: 1,
    });
    expect((error as Error).message).toBe(
      `Could not download media 1 of tweet ${TWEET}: the file (31457280 bytes) is over the 25 MiB cap; nothing more was read.`,
    );
    expect(sleeps).toEqual([]);
  });

  it('a body with no length stops at a cap set lower, and the consumer sees no more than the cap', async () => {
    const big = Buffer.alloc(64 * 1024, 1);
    const transport: MediaTransport = async () => ({
      status: 200,
      headers: { 'content-type': 'video/mp4' },
      body: (async function* () {
        for (let i = 0; i < 100; i += 1) yield big;
      })(),
    });
    let seenBytes = 0;
    const error = await fail(
      downloadMedia(
        { tweetId: TWEET, index: 0, item: { type: 'video', url: `${MEDIA}/v.mp4` } },
        async (file) => {
          for await (const chunk of file.body) seenBytes += chunk.byteLength;
        },
        setup({ transport, maxBytes: 1024 * 1024 }).options,
      ),
    );
    expect(error).toMatchObject({ reason: 'too-large', limitBytes: 1024 * 1024 });
    expect((error as Error).message).toMatch(/: the file is over the 1 MiB cap; nothing more was read\.$/);
    expect(seenBytes).toBeLessThanOrEqual(1024 * 1024);
  });

  it('a body larger than its Content-Length is refused and retried', async () => {
    let calls = 0;
    const transport: MediaTransport = async () => {
      calls += 1;
      return {
        status: 200,
        headers: { 'content-type': 'image/png', 'content-length': calls === 1 ? '1000' : String(PNG.length) },
        body: PNG,
      };
    };
    const file = await downloadMedia(photo(), collect, setup({ transport }).options);
    expect(sha(file.bytes)).toBe(sha(PNG));
    expect(calls).toBe(2);
  });

  it('rejects a cap that is not a whole number before any request', async () => {
    const error = await fail(
      downloadMedia(photo(), collect, setup({ maxBytes: 'lots' as unknown as number }).options),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/^maxBytes/);
  });
});

describe('the content type against the item type', () => {
  const cases: [MediaTarget['item']['type'], string, boolean][] = [
    ['photo', 'image/jpeg', true],
    ['photo', 'image/png; charset=binary', true],
    ['photo', 'video/mp4', false],
    ['video', 'video/mp4', true],
    ['video', 'image/gif', false],
    ['video', 'application/octet-stream', false],
    ['animated_gif', 'video/mp4', true],
    ['animated_gif', 'image/gif', true],
    ['animated_gif', 'image/png', false],
  ];
  it.each(cases)('%s served as %s: accepted %s', async (type, contentType, accepted) => {
    nock(MEDIA).get('/m').reply(200, PNG, { 'content-type': contentType });
    const target = { tweetId: TWEET, index: 0, item: { type, url: `${MEDIA}/m` } };
    const result = await fail(downloadMedia(target, collect, setup({ maxRetries: 0 }).options));
    if (accepted) expect(result).toBeUndefined();
    else {
      expect(result).toMatchObject({ reason: 'content-type', transient: false });
      expect((result as Error).message).toMatch(`media 0 of tweet ${TWEET}`);
    }
  });

  it('an HTML page in place of the picture is retried (an error page), then the picture comes', async () => {
    nock(MEDIA)
      .get('/media/a.png')
      .reply(200, '<html>oops</html>', { 'content-type': 'text/html' })
      .get('/media/a.png')
      .reply(200, PNG, { 'content-type': 'image/png' });
    const file = await downloadMedia(photo(), collect, setup().options);
    expect(file.mimeType).toBe('image/png');
  });

  it('no Content-Type at all is refused', async () => {
    const transport: MediaTransport = async () => ({ status: 200, headers: {}, body: PNG });
    const error = await fail(downloadMedia(photo(), collect, setup({ transport }).options));
    expect((error as Error).message).toMatch(/no Content-Type, where a photo item must be an image/);
  });
});

describe('input and redaction', () => {
  it('a URL that is not http(s) is a ValidationError naming the item before any request', async () => {
    let sent = 0;
    const transport: MediaTransport = async () => {
      sent += 1;
      return { status: 200, headers: {}, body: null };
    };
    const error = await fail(
      downloadMedia(
        { tweetId: TWEET, index: 2, item: { type: 'photo', url: 'file:///etc/passwd' } },
        collect,
        setup({ transport }).options,
      ),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/^media\[2\]\.url: /);
    expect(sent).toBe(0);
  });

  it('what the media host sends back is redacted in the error', async () => {
    nock(MEDIA)
      .get('/media/a.png')
      .reply(200, PNG, { 'content-type': `text/${API_KEY}` });
    const error = await fail(downloadMedia(photo(), collect, setup().options));
    expect((error as Error).message).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });

  it('a connection error names the code and the tweet, not the transport message', async () => {
    const transport: MediaTransport = async () => {
      throw Object.assign(new Error(`connect to ${PROXY} with ${COOKIE} failed`), { code: 'ECONNREFUSED' });
    };
    const error = await fail(downloadMedia(photo(), collect, setup({ transport, maxRetries: 0 }).options));
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(`Could not download media 1 of tweet ${TWEET}: ECONNREFUSED.`);
  });
});
