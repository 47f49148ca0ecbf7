/**
 * The seam between core's media download and the network: a host passes its own, as it passes a
 * `Transport` for the API (the fetch adapter in `@social-data/core/node`; n8n's `httpRequest`
 * without authentication, with a stream body; Zapier's `z.request` with `raw: true`). It must add
 * nothing to the request, no credential above all: the media host is not the API. It follows no
 * redirect (core does, so every hop is a request it built), resolves for every status and
 * rejects only when no answer arrived.
 */
export interface MediaRequest {
  url: string;
  /** Accept and Accept-Encoding only: nothing that names the caller. */
  headers: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

export interface MediaResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as it arrives (a web or Node stream); core reads it once, or cancels it. */
  body: AsyncIterable<Uint8Array> | Uint8Array | null | undefined;
}

export type MediaTransport = (request: MediaRequest) => Promise<MediaResponse>;

/** Closes a body core will not read (a redirect, an error, a file refused before its first byte). */
export async function discard(body: MediaResponse['body']): Promise<void> {
  if (!body || body instanceof Uint8Array) return;
  try {
    await body[Symbol.asyncIterator]().return?.();
  } catch {
    // The connection is gone either way.
  }
}
