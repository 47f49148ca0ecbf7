import type { CountSpec } from '../catalog/types';
import { hints } from '../errors/hints';
import { invalid, show } from './fail';

export function describeRange(spec: CountSpec): string {
  return spec.max === undefined
    ? `a whole number of at least ${spec.min}`
    : `a whole number from ${spec.min} to ${spec.max}`;
}

/**
 * The page size a read of at most `limit` records asks for when none was chosen: the endpoint's
 * default shrunk to the limit, so a small limit costs one small request and a read of whole
 * pages brings no more than was asked for. Undefined keeps the API's default.
 */
export function pageSizeForLimit(
  range: CountSpec | undefined,
  limit: number | undefined,
): number | undefined {
  const fallback = range?.default;
  if (fallback === undefined || limit === undefined || limit >= fallback) return undefined;
  return Math.max(range?.min ?? 1, limit);
}

/** Left empty, as a blank field, a missing variable or an unset option hands it over. */
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A whole number from a form or an expression: a safe integer, or decimal digits as text. `Number`
 * alone would take "0x10" as 16 and "1e21" or 1e21 as whole numbers no counter can hold.
 */
export function normalizeCount(value: unknown, spec: CountSpec, field = 'count'): number {
  const number = typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
  const fix = `Use ${describeRange(spec)}${spec.default === undefined ? '' : ` (default ${spec.default})`}.`;
  if (typeof number !== 'number' || !Number.isSafeInteger(number))
    throw invalid(field, `${show(value)} is not a whole number`, fix);
  if (number < spec.min || (spec.max !== undefined && number > spec.max))
    throw invalid(field, `${number} is out of range`, fix);
  return number;
}

/**
 * Cursors are opaque and passed back unchanged but for the blanks around them; an empty one
 * means "first page" and is never sent.
 */
export function normalizeCursor(value: unknown, field = 'cursor'): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw invalid(
      field,
      `expected text, got ${typeof value}`,
      'Pass the next_cursor of a previous page unchanged.',
    );
  // A cursor pasted into a form often brings a space or a line break along; none ends a real one.
  const cursor = value.trim();
  return cursor === '' ? undefined : cursor;
}

const PROXY_SCHEMES = new Set(['http:', 'https:', 'socks5:', 'socks5h:']);
const PROXY_FIX =
  'The proxy is an http://, https://, socks5:// or socks5h:// URL with a host, e.g. http://user:password@host:8080.';

/** Never echoes the value: a proxy URL can carry a password. */
export function normalizeProxy(value: unknown, field = 'proxy'): string {
  if (isBlank(value)) {
    throw invalid(
      field,
      'the proxy is missing; own-session endpoints need one',
      `Add it to your Social Data settings. ${PROXY_FIX}`,
      hints.proxy,
    );
  }
  if (typeof value !== 'string')
    throw invalid(field, `expected text, got ${typeof value}`, PROXY_FIX, hints.proxy);
  const text = value.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (!scheme) throw invalid(field, 'the proxy is not a URL with a scheme', PROXY_FIX, hints.proxy);
  if (!PROXY_SCHEMES.has(`${scheme}:`))
    throw invalid(field, `the proxy scheme ${show(scheme)} is not supported`, PROXY_FIX, hints.proxy);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(field, 'the proxy is not a valid URL', PROXY_FIX, hints.proxy);
  }
  if (!url.hostname) throw invalid(field, 'the proxy URL has no host', PROXY_FIX, hints.proxy);
  return text;
}

/**
 * The session of an own-session request, both parts checked: when both are missing, one message
 * names both, so the user adds them in one go rather than learning of the proxy after the cookie.
 */
export function normalizeSession(cookie: unknown, proxy: unknown): { cookie: string; proxy: string } {
  if (isBlank(cookie) && isBlank(proxy))
    throw invalid(
      'cookie',
      'the session cookie and the proxy are missing; own-session endpoints need both',
      `Add the session cookie of a logged-in browser and the proxy to your Social Data settings. ${PROXY_FIX}`,
      hints.session,
    );
  return { cookie: normalizeCookie(cookie), proxy: normalizeProxy(proxy) };
}

/** Tab, and the printable characters of Latin-1: what an HTTP library puts in a header. */
function sendableInHeader(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

/** Never echoes the value: it is the caller's session. */
export function normalizeCookie(value: unknown, field = 'cookie'): string {
  const fix = 'Add the session cookie of a logged-in browser to your Social Data settings.';
  if (isBlank(value)) {
    throw invalid(field, 'the session cookie is missing; own-session endpoints need one', fix, hints.cookie);
  }
  if (typeof value !== 'string')
    throw invalid(field, `expected text, got ${typeof value}`, fix, hints.cookie);
  const cookie = value.trim();
  // CR or LF would end the header and start another; NUL and other control characters, or
  // characters past Latin-1, no HTTP library sends. Never echoed: it is the caller's session.
  if (!sendableInHeader(cookie))
    throw invalid(
      field,
      'the session cookie holds a line break, a control character or a character outside Latin-1',
      `${fix} Copy the Cookie header's value again, on one line.`,
      hints.cookie,
    );
  return cookie;
}

export function normalizeText(value: unknown, field: string, required: boolean): string | undefined {
  if (isBlank(value)) {
    if (required) throw invalid(field, 'it is empty', 'Enter a value.');
    return undefined;
  }
  if (typeof value !== 'string')
    throw invalid(field, `expected text, got ${typeof value}`, 'Enter it as text.');
  return value.trim();
}

const YES = new Set(['true', 'yes', '1', 'on']);
const NO = new Set(['false', 'no', '0', 'off']);

/**
 * A yes or a no as any host may hand it over: a boolean, or text from a dropdown, a mapped field,
 * an expression or a variable (`yes`, `1`, `off`); undefined when it says neither.
 */
export function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim().toLowerCase();
  return YES.has(text) ? true : NO.has(text) ? false : undefined;
}

export function normalizeBoolean(value: unknown, field: string): boolean | undefined {
  if (isBlank(value)) return undefined;
  const yes = booleanOf(value);
  if (yes === undefined) throw invalid(field, `${show(value)} is not true or false`, 'Use true or false.');
  return yes;
}
