/**
 * The seam between core and the network. Core builds requests and reads responses; a transport
 * only moves bytes: the fetch adapter in `@social-data/core/node`, n8n's
 * `httpRequestWithAuthentication`, Zapier's `z.request`. A transport resolves for every HTTP
 * status and rejects only when no response arrived (a refused or reset connection, a timeout);
 * core classifies such rejections itself (see `classifyTransportFailure`). A transport follows no
 * redirect: a 3xx comes back as it is, and core refuses it (see `redirectError`).
 */
export interface TransportRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /**
   * The most bytes of the answer to read, after decompression; past it the transport stops reading
   * and throws `responseTooLarge` (see `readCapped`). Core always sets it.
   */
  maxResponseBytes?: number;
  /** Aborts the request in flight when the caller cancels the call. */
  signal?: AbortSignal | undefined;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The answer as text, or as the UTF-8 bytes that came (core decodes them; see json-body.ts). */
  body: string | Uint8Array;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/**
 * Waits `ms`. A cancelled call passes its `signal`: a sleep that honours it ends at once and
 * clears its timer, so a command stopped during a 30 s Retry-After exits at once instead of
 * when the timer fires (issue 38, case 4). Core ends the wait on the signal either way.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export function headerValue(headers: TransportResponse['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}
