import { ApiError, ResponseFormatError, SocialDataError } from '../errors/classes';

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
const KEY_SHAPE = /tda_[A-Za-z0-9_-]{4,}/g;

function proxyFragments(proxy: string): string[] {
  const fragments: string[] = [];
  const credentials = /^[a-z0-9+.-]+:\/\/([^@/?#]*)@/i.exec(proxy.trim())?.[1];
  if (credentials) {
    fragments.push(credentials);
    const separator = credentials.indexOf(':');
    const password = separator >= 0 ? credentials.slice(separator + 1) : credentials;
    if (password) {
      fragments.push(password);
      try {
        fragments.push(decodeURIComponent(password));
      } catch {
        // A password with a stray % is used as written.
      }
    }
  }
  return fragments;
}

function cookieFragments(cookie: string): string[] {
  return cookie
    .split(';')
    .map((pair) => pair.slice(pair.indexOf('=') + 1).trim())
    .filter((value) => value.length >= MIN_FRAGMENT);
}

/** The forms a secret takes when it is echoed inside JSON or a URL. */
function encodings(secret: string): string[] {
  const forms = [secret, JSON.stringify(secret).slice(1, -1)];
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
 * forms they take when echoed raw, inside JSON or URL-encoded.
 */
export function createRedactor(secrets: Secrets): Redact {
  const all = [
    ...[secrets.apiKey, secrets.cookie, secrets.proxy].flatMap((s) => (s ? [s, s.trim()] : [])),
    ...(secrets.cookie ? cookieFragments(secrets.cookie) : []),
    ...(secrets.proxy ? proxyFragments(secrets.proxy) : []),
  ]
    .filter((s) => s.length > 0)
    .flatMap(encodings);
  const hidden = [...new Set(all)].sort((a, b) => b.length - a.length);

  return (text: string): string => {
    let out = text.replace(KEY_SHAPE, `tda_${MARK}`);
    for (const secret of hidden) out = out.split(secret).join(MARK);
    // The marker itself, or text joined around it, can spell a secret: drop such text outright.
    // Each pass shortens the text, so this ends.
    while (hidden.some((secret) => out.includes(secret))) {
      for (const secret of hidden) out = out.split(secret).join('');
    }
    return out;
  };
}

/** Rewrites every text an error carries, including its stack, through the redactor. */
export function redactError<E extends Error>(error: E, redact: Redact): E {
  error.message = redact(error.message);
  if (error.stack) error.stack = redact(error.stack);
  if (error instanceof SocialDataError) error.hint = redact(error.hint);
  if (error instanceof ApiError && error.apiMessage !== undefined)
    error.apiMessage = redact(error.apiMessage);
  if (error instanceof ResponseFormatError) error.excerpt = redact(error.excerpt);
  return error;
}
