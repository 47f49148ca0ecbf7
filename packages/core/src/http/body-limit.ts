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

const utf8 = new TextDecoder();

/** Node's Buffer, as far as decoding goes; core's main entry names no Node global itself. */
export interface BufferLike {
  from(bytes: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'utf8'): string };
}

/**
 * A UTF-8 decoder on Node's Buffer, which drops a byte order mark as TextDecoder does. Buffer
 * decodes a 110 KB page about 1.6 times as fast as TextDecoder, which was the largest cost of ours
 * in a Return All inside n8n (5.7% of its CPU profile); hosts on Node pass it to `readCapped`.
 */
export function bufferDecoder(buffer: BufferLike): (bytes: Uint8Array) => string {
  return (bytes) => {
    const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    return buffer.from(bytes.buffer, bytes.byteOffset + bom, bytes.byteLength - bom).toString('utf8');
  };
}

/** What hosts hand back as a body: a stream, or text or bytes they already read whole. */
export type Body = AsyncIterable<Uint8Array> | Uint8Array | string | null | undefined;

/**
 * Reads an answer's decompressed bytes as text and stops as soon as they pass `limitBytes`, so an
 * endless body, a gzip bomb or a lying Content-Length costs at most the limit in memory. Leaving
 * the loop early cancels the stream (web streams) or destroys it (Node streams), which closes
 * the connection. A body a host already read whole is held to the same limit.
 */
export async function readCapped(
  body: Body,
  limitBytes: number,
  decode: (bytes: Uint8Array) => string = (bytes) => utf8.decode(bytes),
): Promise<string> {
  if (body === null || body === undefined) return '';
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    if (bytes.byteLength > limitBytes) throw responseTooLarge(limitBytes);
    return typeof body === 'string' ? body : decode(bytes);
  }
  // Bytes are kept as they come and decoded once at the end: a failed read then holds the limit
  // in bytes only, with no decoded copy beside it.
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of body) {
    received += chunk.byteLength;
    if (received > limitBytes) throw responseTooLarge(limitBytes);
    chunks.push(chunk);
  }
  const whole = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return decode(whole);
}
