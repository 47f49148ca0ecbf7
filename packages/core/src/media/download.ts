import { MAX_RETRIES_LIMIT, MAX_TIMEOUT_MS } from '../client';
import {
  CancelledError,
  ConnectionError,
  MediaDownloadError,
  SocialDataError,
  TimeoutError,
} from '../errors/classes';
import type { MediaFailure } from '../errors/classes';
import { hints } from '../errors/hints';
import { abortable } from '../http/abortable';
import { DEFAULT_MAX_RETRIES, isRetryable, retryDelay } from '../http/retry';
import { parseRetryAfter } from '../http/retry-after';
import { classifyTransportFailure, inSeconds } from '../http/transport-failure';
import { headerValue } from '../http/transport';
import type { Sleep } from '../http/transport';
import { invalid } from '../input/fail';
import { normalizeCount } from '../input/values';
import type { Media } from '../records/types';
import { redactError } from '../security/redactor';
import type { Redact } from '../security/redactor';
import { essence, expectedTypes, fitsType, mediaFileName } from './content';
import { guardedBody } from './stream';
import { discard } from './transport';
import type { MediaResponse, MediaTransport } from './transport';

/** 25 MiB: above a platform photo (5 MB at most) and most clips; a longer video needs a higher cap. */
export const DEFAULT_MAX_MEDIA_BYTES = 25 * 1024 * 1024;
/** Per file, body included: a 25 MiB video over a slow line needs more than an API answer's 30 s. */
const DEFAULT_MEDIA_TIMEOUT_MS = 120_000;
/** Hops of a redirect chain (a CDN sends one or two); more is a loop. */
const MAX_MEDIA_REDIRECTS = 5;

/** One media item of one tweet: what is downloaded, and what names it. */
export interface MediaTarget {
  tweetId: string;
  /** The item's place in the tweet's `media`, from 0. */
  index: number;
  item: Pick<Media, 'type' | 'url'>;
}

/** A downloaded file as its consumer gets it; `body` is read once. */
export interface MediaFile {
  tweetId: string;
  index: number;
  type: Media['type'];
  /** `<tweet id>-<index>.<ext>`, the extension from the media type. */
  fileName: string;
  /** The Content-Type without parameters, checked against the item's type. */
  mimeType: string;
  /** The Content-Length, when the media host announced one (and the body is held to it). */
  size: number | undefined;
  /** The bytes as they arrive, capped at `maxBytes`; a failure here is the download's. */
  body: AsyncIterable<Uint8Array>;
}

export interface MediaDownloadOptions {
  transport: MediaTransport;
  sleep: Sleep;
  /** The size cap in bytes (default 25 MiB). */
  maxBytes?: number | undefined;
  /** Per attempt, body included (default 120 s). */
  timeoutMs?: number | undefined;
  /** Extra attempts after a retryable failure (default 2), as for API calls. */
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The client's redactor (`client.redact`), so a media error is redacted as every other one. */
  redact?: Redact | undefined;
  now?: (() => number) | undefined;
  random?: (() => number) | undefined;
}

const REQUEST_HEADERS = {
  Accept: 'image/*, video/mp4, */*;q=0.1',
  // Pictures and videos are compressed already; an encoded body would make the length unverifiable.
  'Accept-Encoding': 'identity',
};

function label({ tweetId, index }: MediaTarget): string {
  return `media ${index} of tweet ${tweetId}`;
}

function originOf(url: string): string {
  return new URL(url).origin;
}

function checkTarget(target: MediaTarget): void {
  const field = `media[${String(target.index)}].url`;
  if (typeof target.tweetId !== 'string' || target.tweetId.trim() === '')
    throw invalid('tweetId', 'the tweet id is empty', 'Pass the id of the tweet the media belongs to.');
  if (!Number.isInteger(target.index) || target.index < 0)
    throw invalid('index', 'it must be a whole number from 0', "Pass the item's place in the tweet's media.");
  const url =
    typeof target.item?.url === 'string' && URL.canParse(target.item.url)
      ? new URL(target.item.url)
      : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw invalid(
      field,
      'it is not an http:// or https:// URL',
      'Pass the media item as the API returned it.',
    );
}

function settings(options: MediaDownloadOptions) {
  const number = (
    name: keyof MediaDownloadOptions,
    range: { min: number; max?: number },
    fallback: number,
  ) => (options[name] === undefined ? fallback : normalizeCount(options[name], range, name));
  return {
    maxBytes: number('maxBytes', { min: 1 }, DEFAULT_MAX_MEDIA_BYTES),
    timeoutMs: number('timeoutMs', { min: 1, max: MAX_TIMEOUT_MS }, DEFAULT_MEDIA_TIMEOUT_MS),
    maxRetries: number('maxRetries', { min: 0, max: MAX_RETRIES_LIMIT }, DEFAULT_MAX_RETRIES),
  };
}

const MIB = 1024 * 1024;
const describeBytes = (bytes: number) =>
  bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;

function failure(
  target: MediaTarget,
  reason: MediaFailure,
  message: string,
  extra: {
    status?: number;
    transient?: boolean;
    retryAfterMs?: number | undefined;
    limitBytes?: number;
  } = {},
): MediaDownloadError {
  const hint =
    reason === 'too-large' ? hints.mediaTooLarge : reason === 'content-type' ? hints.mediaType : hints.media;
  return new MediaDownloadError(`Could not download ${label(target)}: ${message}`, {
    endpoint: 'media',
    tweetId: target.tweetId,
    index: target.index,
    reason,
    transient: extra.transient ?? false,
    status: extra.status,
    retryAfterMs: extra.retryAfterMs,
    limitBytes: extra.limitBytes,
    hint,
  });
}

/** A transport's rejection as core's error, worded for the media host rather than the API. */
function broken(target: MediaTarget, error: unknown, timeoutMs: number): SocialDataError {
  const classified = classifyTransportFailure(error, timeoutMs);
  if (classified instanceof TimeoutError)
    return new TimeoutError(
      `The media host sent no complete file within ${inSeconds(timeoutMs)} for ${label(target)}.`,
      {
        endpoint: 'media',
        timeoutMs,
        hint: hints.media,
      },
    );
  if (classified instanceof ConnectionError)
    return new ConnectionError(
      `Could not download ${label(target)}: ${classified.code ?? 'the connection failed'}.`,
      {
        endpoint: 'media',
        code: classified.code,
        reachedServer: classified.reachedServer,
        hint: hints.media,
      },
    );
  return classified;
}

interface Context {
  target: MediaTarget;
  options: MediaDownloadOptions;
  limits: ReturnType<typeof settings>;
  signal: AbortSignal | undefined;
}

/** GETs the file, following up to MAX_MEDIA_REDIRECTS redirects, each hop a request built here. */
async function fetchFollowing(context: Context): Promise<MediaResponse> {
  const { target, options, limits } = context;
  let url = target.item.url;
  for (let hop = 0; ; hop += 1) {
    let response: MediaResponse;
    try {
      response = await options.transport({
        url,
        headers: { ...REQUEST_HEADERS },
        timeoutMs: limits.timeoutMs,
        signal: context.signal,
      });
    } catch (error) {
      throw broken(target, error, limits.timeoutMs);
    }
    if (response.status < 300 || response.status >= 400) return response;
    await discard(response.body);
    const location = headerValue(response.headers, 'location');
    const next = location && URL.canParse(location, url) ? new URL(location, url) : undefined;
    if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:'))
      throw failure(
        target,
        'redirect',
        `the media host answered HTTP ${response.status} with no usable Location.`,
      );
    if (hop >= MAX_MEDIA_REDIRECTS)
      throw failure(target, 'redirect', `the media host redirected more than ${MAX_MEDIA_REDIRECTS} times.`);
    url = next.href;
  }
}

/** The checks before the first byte: status, type, announced size. */
function accept(
  context: Context,
  response: MediaResponse,
  now: number,
): { mime: string; size: number | undefined } {
  const { target, limits } = context;
  const origin = originOf(target.item.url);
  if (response.status < 200 || response.status >= 300) {
    const status = response.status;
    const transient = status === 408 || status === 429 || status >= 500;
    throw failure(target, 'status', `${origin} answered HTTP ${status}.`, {
      status,
      transient,
      retryAfterMs: parseRetryAfter(response.headers, now),
    });
  }
  const mime = essence(headerValue(response.headers, 'content-type'));
  if (!mime || !fitsType(target.item.type, mime))
    throw failure(
      target,
      'content-type',
      `${origin} sent ${mime ? JSON.stringify(mime.slice(0, 60)) : 'no Content-Type'}, where a ${target.item.type} item must be ${expectedTypes(target.item.type)}.`,
      // An HTML page in place of a file is a proxy's or a CDN's error page, which a retry can cure.
      { transient: mime === 'text/html' },
    );
  const encoding = headerValue(response.headers, 'content-encoding')?.trim().toLowerCase();
  const length = headerValue(response.headers, 'content-length');
  const size =
    (!encoding || encoding === 'identity') && length !== undefined && /^\d+$/.test(length.trim())
      ? Number(length)
      : undefined;
  if (size !== undefined && size > limits.maxBytes) throw tooLarge(context, `the file (${size} bytes)`);
  return { mime, size };
}

function tooLarge(context: Context, what: string): MediaDownloadError {
  const cap = context.limits.maxBytes;
  return failure(
    context.target,
    'too-large',
    `${what} is over the ${describeBytes(cap)} cap; nothing more was read.`,
    {
      limitBytes: cap,
    },
  );
}

function cancelled(target: MediaTarget): CancelledError {
  return new CancelledError(`The download of ${label(target)} was cancelled.`, {
    endpoint: 'media',
    hint: hints.cancelled,
  });
}

function retryable(error: SocialDataError): boolean {
  return error instanceof MediaDownloadError ? error.transient : isRetryable(error, true);
}

/**
 * Marks an error a step of the download raised as the download's own (so the retry rules judge
 * it, unlike what `consume` throws) and lets go of the body. A promise handler rather than a catch
 * clause: n8n's community-package lint, which runs on this inlined source, refuses a raw rethrow.
 */
function ownFailure(raised: WeakSet<object>, body?: MediaResponse['body']) {
  return async (error: unknown): Promise<never> => {
    await discard(body);
    raised.add(error as object);
    throw error;
  };
}

async function attempt<T>(
  context: Context,
  consume: (file: MediaFile) => Promise<T>,
  raised: WeakSet<object>,
) {
  const { target, options, limits } = context;
  const response = await fetchFollowing(context).catch(ownFailure(raised));
  const checked = await Promise.resolve(response)
    .then((answer) => accept(context, answer, (options.now ?? Date.now)()))
    .catch(ownFailure(raised, response.body));
  const body = guardedBody(
    response.body,
    {
      maxBytes: limits.maxBytes,
      announced: checked.size,
      tooLarge: () => tooLarge(context, 'the file'),
      mismatch: (received, announced) =>
        failure(
          target,
          'length',
          `the media host announced ${announced} bytes and sent ${received > announced ? 'more' : received}.`,
          { transient: true },
        ),
      broken: (error) =>
        context.signal?.aborted ? cancelled(target) : broken(target, error, limits.timeoutMs),
    },
    raised,
  );
  let started = false;
  const file: MediaFile = {
    tweetId: target.tweetId,
    index: target.index,
    type: target.item.type,
    fileName: mediaFileName(target.tweetId, target.index, checked.mime),
    mimeType: checked.mime,
    size: checked.size,
    body: {
      [Symbol.asyncIterator]: () => {
        started = true;
        return body;
      },
    },
  };
  try {
    return await consume(file);
  } finally {
    // A consumer that stopped early, or never read, leaves a connection open otherwise.
    if (started) await body.return(undefined);
    else await discard(response.body);
  }
}

/** The error the consumer's failure stands for: the download's own when it caused it. */
function downloadFailure(error: unknown, raised: WeakSet<object>): SocialDataError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (raised.has(current)) return current as SocialDataError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Downloads one media item of a tweet and hands it to `consume` as a stream (n8n's
 * `prepareBinaryData`, Zapier's `z.stashFile`, a hash, a file): the one download every
 * integration uses. It sends no API key, cookie or proxy (it is never given them), follows
 * redirects itself, checks the status, the type against the item's and the size against the cap
 * before the first byte and again while the bytes stream, and retries as API calls do (408, 429,
 * 5xx, a reset or a timeout, an HTML error page, a body that broke off; Retry-After obeyed and
 * capped). A retry calls `consume` again with a fresh stream. Errors name the tweet and the
 * index, and are redacted with `redact`; an error `consume` throws of its own is passed on.
 */
export async function downloadMedia<T>(
  target: MediaTarget,
  consume: (file: MediaFile) => Promise<T>,
  options: MediaDownloadOptions,
): Promise<T> {
  const redact = options.redact ?? ((text: string) => text);
  try {
    checkTarget(target);
    const limits = settings(options);
    const context: Context = { target, options, limits, signal: options.signal };
    for (let tries = 0; ; tries += 1) {
      if (context.signal?.aborted) throw cancelled(target);
      const raised = new WeakSet<object>();
      const outcome = await attempt(context, consume, raised).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      if ('value' in outcome) return outcome.value;
      if (context.signal?.aborted) throw cancelled(target);
      const failed = downloadFailure(outcome.error, raised);
      // What `consume` threw of its own (a full disk, a host's error) is its caller's to handle.
      if (!failed) throw outcome.error;
      if (tries >= limits.maxRetries || !retryable(failed)) throw failed;
      const delay = retryDelay(failed, tries, options.random ?? Math.random);
      await abortable(
        () => options.sleep(delay),
        context.signal,
        () => cancelled(target),
      );
    }
  } catch (error) {
    throw error instanceof SocialDataError ? redactError(error, redact) : error;
  }
}
