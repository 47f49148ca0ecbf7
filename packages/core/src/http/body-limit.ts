import { ResponseTooLargeError } from '../errors/classes';
import { hints } from '../errors/hints';

/**
 * The most bytes of one answer a client reads (8 MiB), after decompression: 75 times the largest
 * page the sandbox serves (200 users, 110 KB), and above a page of 100 long posts of 25,000
 * characters in four-byte characters (about 5 MB). A failed read of that much costs a client
 * under 50 MB (docs/decisions.md); code that needs more sets maxResponseBytes.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

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
 * Reads an answer's decompressed bytes and stops as soon as they pass `limitBytes`, so an endless
 * body, a gzip bomb or a lying Content-Length costs at most the limit in memory. Leaving the loop
 * early cancels the stream (web streams) or destroys it (Node streams), which closes the
 * connection. A body a host already read whole is held to the same limit. The bytes are handed
 * on undecoded: core reads them as JSON without making them one long string first (see
 * json-body.ts), and a failed read holds the limit in bytes only.
 */
export async function readCapped(body: Body, limitBytes: number): Promise<string | Uint8Array> {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const size = typeof body === 'string' ? new TextEncoder().encode(body).byteLength : body.byteLength;
    if (size > limitBytes) throw responseTooLarge(limitBytes);
    return body;
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > limitBytes) throw responseTooLarge(limitBytes);
    chunks.push(chunk);
  }
  if (chunks.length === 1) return chunks[0]!;
  const whole = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}
