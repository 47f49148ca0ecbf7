/**
 * An answer's body as text and as JSON. Transports on Node hand core the bytes as they came, and
 * core parses them without first making one long string of the whole page: V8 keeps a string of
 * over 64K characters that are not all Latin-1 in its large-object space, and allocating one took
 * about 1.5 ms for a 110 KB page of users whose names hold a few emoji, against 0.04 ms for the
 * same page in ASCII (the cost of fresh memory in this VM). That was the largest cost of ours in
 * a Return All inside n8n. Written with every character outside ASCII as its `\u` escape, the
 * page is one-byte text of about its own size, and JSON.parse gives the very same values.
 */

/** Keeps a U+FEFF inside the text; a byte order mark at the start is dropped by `textStart`. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

function textStart(bytes: Uint8Array): number {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** The body as text: UTF-8, without a leading byte order mark, as `response.text()` gives it. */
export function bodyText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : utf8.decode(body.subarray(textStart(body)));
}

/** `\uXXXX` for each UTF-16 unit, so a character outside the BMP becomes its surrogate pair. */
function escaped(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++)
    out += `\\u${text.charCodeAt(index).toString(16).padStart(4, '0')}`;
  return out;
}

const HIGH_BITS = 0x80808080;

/**
 * Where the next byte of 0x80 or above is, from `from`, or the end. Four bytes at a time where the
 * bytes sit on a 4-byte boundary: a page is mostly ASCII, and this scan is then most of the work.
 */
function nextHigh(bytes: Uint8Array, words: Uint32Array | undefined, from: number): number {
  let index = from;
  if (words) {
    while (index & 3) {
      if (index >= bytes.length || bytes[index]! >= 0x80) return index;
      index++;
    }
    let word = index >>> 2;
    while (word < words.length && (words[word]! & HIGH_BITS) === 0) word++;
    index = word << 2;
  }
  while (index < bytes.length && bytes[index]! < 0x80) index++;
  return index;
}

/**
 * The JSON text of UTF-8 `bytes` in ASCII. A byte below 0x80 is never part of a multi-byte
 * sequence, so each run of bytes from 0x80 up is decoded on its own (invalid ones become U+FFFD,
 * as decoding the whole would make them) and escaped. Outside a string a non-ASCII character is
 * invalid JSON, and so is its escape: what fails to parse still fails.
 */
function asciiJson(bytes: Uint8Array): string {
  const end = bytes.length;
  const words =
    bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, end >>> 2) : undefined;
  const parts: string[] = [];
  let from = textStart(bytes);
  let index = nextHigh(bytes, words, from);
  while (index < end) {
    let runEnd = index + 1;
    while (runEnd < end && bytes[runEnd]! >= 0x80) runEnd++;
    if (index > from) parts.push(utf8.decode(bytes.subarray(from, index)));
    parts.push(escaped(utf8.decode(bytes.subarray(index, runEnd))));
    from = runEnd;
    index = nextHigh(bytes, words, from);
  }
  parts.push(utf8.decode(bytes.subarray(from, end)));
  return parts.length === 1 ? parts[0]! : parts.join('');
}

/**
 * Levels of nesting an answer may have (the envelope, its data, a record, its fields: the API's
 * deepest is under ten). JSON.parse reads 5,000 levels, but everything after it that walks a
 * value by recursion (JSON.stringify in a Zapier step measuring its output, n8n saving an
 * execution, the CLI writing a line) ran out of stack on one.
 */
export const MAX_DEPTH = 64;
const TOO_DEEP = `[left out: nested more than ${MAX_DEPTH} levels deep]`;

/** The body parsed as JSON; throws as JSON.parse does when it is not JSON. */
export function parseJsonBody(body: string | Uint8Array): unknown {
  return boundDepth(JSON.parse(typeof body === 'string' ? body : asciiJson(body)));
}

/**
 * Replaces each object or array that sits MAX_DEPTH levels down with TOO_DEEP (decision B33).
 * Walked with a stack of its own, as the recursion it guards against would fail here too.
 */
function boundDepth(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const stack: Array<[Record<string, unknown>, number]> = [[value as Record<string, unknown>, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    for (const key in node) {
      const child = node[key];
      if (child === null || typeof child !== 'object') continue;
      if (depth >= MAX_DEPTH) node[key] = TOO_DEEP;
      else stack.push([child as Record<string, unknown>, depth + 1]);
    }
  }
  return value;
}
