import type { FastifyReply } from 'fastify';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return (prototype === Object.prototype || prototype === null) && !('toJSON' in value);
}

/** What JSON.stringify leaves out of an object, and writes as null in an array. */
const omitted = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** Appends the JSON text of `value` to `parts`: objects key by key, arrays element by element. */
function write(value: unknown, parts: string[], depth: number): void {
  if (depth > 0 && Array.isArray(value)) {
    parts.push('[');
    value.forEach((item, index) => {
      if (index > 0) parts.push(',');
      if (omitted(item)) parts.push('null');
      else write(item, parts, depth - 1);
    });
    parts.push(']');
    return;
  }
  if (depth > 0 && isPlainObject(value)) {
    parts.push('{');
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (omitted(item)) continue;
      parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      write(item, parts, depth - 1);
    }
    parts.push('}');
    return;
  }
  parts.push(JSON.stringify(value));
}

/** Far below the 64K characters from which a string goes to the large-object space. */
const CHUNK_CHARACTERS = 8192;

/**
 * The bytes of JSON.stringify(value) in UTF-8, made from the text of each record rather than of
 * the whole answer. A page of 200 users with a few emoji is over 64K characters of two-byte text,
 * which V8 keeps in its large-object space: making that string, measuring it for Content-Length
 * and encoding it took about 6 ms a page here, most of the sandbox's time in a Return All. The
 * envelope, its data and their lists are taken apart three levels down; below that, each record
 * is one short string.
 */
export function jsonBytes(value: unknown): Buffer {
  const parts: string[] = [];
  write(value, parts, 3);
  const chunks: Buffer[] = [];
  let text = '';
  for (const part of parts) {
    text += part;
    if (text.length >= CHUNK_CHARACTERS) {
      chunks.push(Buffer.from(text));
      text = '';
    }
  }
  chunks.push(Buffer.from(text));
  return Buffer.concat(chunks);
}

/** Sends `value` as the API sends JSON, from bytes made by `jsonBytes`. */
export function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(jsonBytes(value));
}
