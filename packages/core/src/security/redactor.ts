import { ApiError, ResponseFormatError, SocialDataError, ValidationError } from '../errors/classes';

export interface Secrets {
  apiKey?: string | undefined;
  cookie?: string | undefined;
  proxy?: string | undefined;
}

export type Redact = (text: string) => string;

const MARK = '[redacted]';
/** Single cookie values shorter than this are too common to hide (the whole cookie always is). */
const MIN_FRAGMENT = 4;
/** Anything shaped like an API key is hidden even when it is not the configured one. */
const KEY_SHAPE = /tda_[^\s"'<>,;&)\]}]{4,}/g;

/**
 * The userinfo of a proxy URL: everything between the scheme and the last `@` of the authority,
 * as URL parsers read it (a password may hold a raw `@`).
 */
function proxyFragments(proxy: string): string[] {
  const rest = /^[a-z][a-z0-9+.-]*:\/\/(.*)$/is.exec(proxy.trim())?.[1];
  if (!rest) return [];
  const authority = rest.split(/[/?#]/, 1)[0] ?? '';
  const at = authority.lastIndexOf('@');
  if (at < 0) return [];
  const credentials = authority.slice(0, at);
  const separator = credentials.indexOf(':');
  const password = separator >= 0 ? credentials.slice(separator + 1) : credentials;
  const fragments = [credentials, password];
  try {
    fragments.push(decodeURIComponent(password));
  } catch {
    // A password with a stray % is used as written.
  }
  return fragments;
}

function cookieFragments(cookie: string): string[] {
  return cookie
    .split(';')
    .map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
    .filter((value) => value.length >= MIN_FRAGMENT);
}

const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);

/**
 * The forms a secret takes when it is echoed inside JSON (also JSON quoted inside a JSON body,
 * as when a server's message repeats the request body) or a URL.
 */
function encodings(secret: string): string[] {
  const forms = [secret, jsonEscaped(secret), jsonEscaped(jsonEscaped(secret))];
  try {
    forms.push(encodeURIComponent(secret));
  } catch {
    // Lone surrogates cannot be URI-encoded; such a secret can only appear as written.
  }
  return forms;
}

/**
 * The one redactor every error message and debug line passes through. It hides the API key,
 * the cookie (whole and each of its values) and the proxy URL and its credentials, in the
 * forms they take when echoed raw, inside JSON or URL-encoded. Text must be redacted whole,
 * before it is shortened: a cut secret no longer matches.
 */
export function createRedactor(secrets: Secrets): Redact {
  // Hosts hand over whatever a credential field or a mapped value holds; only text is ever sent,
  // and anything else is refused by the normalizers, naming the field.
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const [apiKey, cookie, proxy] = [text(secrets.apiKey), text(secrets.cookie), text(secrets.proxy)];
  const all = [
    // A blank value (a cookie field holding only spaces) hides nothing; as a "secret" it would
    // shred every message at each space.
    ...[apiKey, cookie, proxy].flatMap((s) => (s?.trim() ? [s, s.trim()] : [])),
    ...(cookie ? cookieFragments(cookie) : []),
    ...(proxy ? proxyFragments(proxy) : []),
  ]
    .filter((s) => s.length > 0)
    .flatMap(encodings);
  const unique = [...new Set(all)].sort((a, b) => b.length - a.length);
  const hidden = unique.filter((secret) => secret.length >= MIN_FRAGMENT);
  // A secret of a few characters (a proxy password "p") is hidden only where it stands alone:
  // hidden everywhere, it shredded every word it occurs in ("[redacted]roxy", "htt[redacted]://").
  const short = unique
    .filter((secret) => secret.length < MIN_FRAGMENT)
    .map((secret) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(secret)}(?![\\p{L}\\p{N}])`, 'gu'));

  return (text: string): string => {
    let out = text;
    for (const secret of hidden) out = out.split(secret).join(MARK);
    for (const secret of short) out = out.replace(secret, MARK);
    out = out.replace(KEY_SHAPE, `tda_${MARK}`);
    // The marker itself, or text joined around it, can spell a secret: drop such text outright.
    // Each pass shortens the text, so this ends.
    while (hidden.some((secret) => out.includes(secret))) {
      for (const secret of hidden) out = out.split(secret).join('');
    }
    return out;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Shortens text that has already been redacted, for excerpts in messages. */
export function excerpt(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}...` : flat;
}

/** Rewrites every text an error carries, including its stack, through the redactor. */
export function redactError<E extends Error>(error: E, redact: Redact): E {
  error.message = redact(error.message);
  if (error.stack) error.stack = redact(error.stack);
  if (error instanceof SocialDataError) error.hint = redact(error.hint);
  if (error instanceof ApiError && error.apiMessage !== undefined)
    error.apiMessage = redact(error.apiMessage);
  if (error instanceof ValidationError && error.field !== undefined) error.field = redact(error.field);
  if (error instanceof ResponseFormatError) error.excerpt = redact(error.excerpt);
  return error;
}
