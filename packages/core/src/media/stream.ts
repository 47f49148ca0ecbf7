import type { SocialDataError } from '../errors/classes';
import type { MediaResponse } from './transport';

export interface StreamLimits {
  /** The size cap: past it the stream stops with `tooLarge()`. */
  maxBytes: number;
  /** The Content-Length, when it can be held to (no content encoding). */
  announced: number | undefined;
  tooLarge: () => SocialDataError;
  /** More or fewer bytes than announced. */
  mismatch: (received: number, announced: number) => SocialDataError;
  /** What the body's own failure (a reset, a timeout) is as an error of core's. */
  broken: (error: unknown) => SocialDataError;
}

/**
 * The body as the consumer reads it: chunk by chunk, never more than the cap, the length held to
 * what was announced. Every error it throws is recorded in `raised`, so the caller can tell a
 * failed download (which it may retry) from a consumer's own failure (which it passes on).
 */
export function guardedBody(
  body: MediaResponse['body'],
  limits: StreamLimits,
  raised: WeakSet<object>,
): AsyncGenerator<Uint8Array> {
  const raise = (error: SocialDataError) => {
    raised.add(error);
    return error;
  };
  return (async function* () {
    let received = 0;
    const chunks: AsyncIterable<Uint8Array> | Uint8Array[] =
      body instanceof Uint8Array ? [body] : (body ?? []);
    try {
      for await (const chunk of chunks) {
        received += chunk.byteLength;
        if (received > limits.maxBytes) throw raise(limits.tooLarge());
        if (limits.announced !== undefined && received > limits.announced)
          throw raise(limits.mismatch(received, limits.announced));
        yield chunk;
      }
    } catch (error) {
      throw raised.has(error as object) ? error : raise(limits.broken(error));
    }
    if (limits.announced !== undefined && received < limits.announced)
      throw raise(limits.mismatch(received, limits.announced));
  })();
}
