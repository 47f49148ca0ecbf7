import { ResponseTooLargeError } from '../errors/classes';
import { hints } from '../errors/hints';

/**
 * The most bytes of one answer a client reads (16 MiB), after decompression. The largest page,
 * 200 users, is 110 KB on the sandbox; 100 tweets that are all 25,000-character long posts in
 * four-byte characters, with media and quoted tweets, come to about 11 MB at worst. 16 MiB keeps
 * that, and the memory of a failed read stays far below an n8n container's (docs/decisions.md).
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

const MIB = 1024 * 1024;

function describeBytes(bytes: number): string {
  return bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;
}

/** The error for an answer past `limitBytes`; core adds the endpoint when a transport threw it. */
export function responseTooLarge(limitBytes: number, endpoint?: string): ResponseTooLargeError {
  return new ResponseTooLargeError(
    `The API's answer${endpoint ? ` to ${endpoint}` : ''} was larger than ${describeBytes(limitBytes)}, the most the client reads; it stopped reading there.`,
    {
      endpoint,
      limitBytes,
      hint: hints.tooLarge,
    },
  );
}

/** What hosts hand back as a body: a stream, or text or bytes they already read whole. */
export type Body = AsyncIterable<Uint8Array> | Uint8Array | string | null | undefined;

/**
 * Reads an answer's decompressed bytes as text and stops as soon as they pass `limitBytes`, so an
 * endless body, a gzip bomb or a lying Content-Length costs at most the limit in memory. Leaving
 * the loop early cancels the stream (web streams) or destroys it (Node streams), which closes
 * the connection. A body a host already read whole is held to the same limit.
 */
export async function readCapped(body: Body, limitBytes: number): Promise<string> {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    if (bytes.byteLength > limitBytes) throw responseTooLarge(limitBytes);
    return typeof body === 'string' ? body : new TextDecoder().decode(bytes);
  }
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > limitBytes) throw responseTooLarge(limitBytes);
    parts.push(decoder.decode(chunk, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}
