/**
 * node-fetch, under z.request, pipes the connection into the body stream it hands back. A reader
 * that stops early (core at its size cap, a media download past its cap) destroys only that
 * stream: the connection goes on downloading an endless body to its end, or stays open under a
 * gzip bomb. So every request carries a signal of its own, and the body is read through
 * `hangingUp`, which aborts the request when its reader stops before the end; node-fetch then
 * closes the connection.
 */
export function hangUpSignal(cancel: AbortSignal | undefined): {
  signal: AbortSignal;
  hangUp: () => void;
} {
  const controller = new AbortController();
  return {
    signal: cancel ? AbortSignal.any([cancel, controller.signal]) : controller.signal,
    hangUp: () => controller.abort(),
  };
}

/** The body, chunk by chunk; a reader that leaves before the last chunk hangs up. */
export async function* hangingUp(
  body: AsyncIterable<Uint8Array>,
  hangUp: () => void,
): AsyncGenerator<Uint8Array> {
  let ended = false;
  try {
    for await (const chunk of body) yield chunk;
    ended = true;
  } finally {
    if (!ended) hangUp();
  }
}
