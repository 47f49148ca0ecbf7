import { ConnectionError, ResponseTooLargeError, SocialDataError, TimeoutError } from '../errors/classes';
import { hints } from '../errors/hints';
import { excerpt } from '../security/redactor';
import { responseTooLarge } from './body-limit';

/** Codes that prove the request never left for the server, so even a create may be sent again. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_INVALID_URL',
]);
/**
 * Codes of a connection the server, or something on the way, closed while the answer came: fetch
 * (undici), Node's http parser and streams (axios in n8n, node-fetch in Zapier) each name it.
 */
const CUT_OFF = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'HPE_CLOSED_CONNECTION',
  'ERR_STREAM_PREMATURE_CLOSE',
]);
/** What a code means, for a message a user reads (the code stays beside it, for a search). */
const WORDS: Record<string, string> = {
  ECONNREFUSED: 'the address refused the connection',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'the network cannot reach the host',
  ENETUNREACH: 'the network cannot reach the host',
  ...Object.fromEntries(
    [...CUT_OFF].map((code) => [code, 'the connection was closed before the answer was complete']),
  ),
};
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'ECONNABORTED',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * The error and its causes. A connection tried on both IPv6 and IPv4 fails with an AggregateError
 * whose code sits in its first error, not in a cause: without it the user read "fetch failed".
 */
function chain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && links.length < 5) {
    const link = current as ErrorLike;
    links.push(link);
    current = link.cause ?? (Array.isArray(link.errors) ? (link.errors[0] as unknown) : undefined);
  }
  return links;
}

/** A time limit as a person reads it: 2000 ms is "2 s", 1500 ms "1.5 s", 250 ms "0.25 s". */
export function inSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/**
 * Turns whatever a transport threw (fetch's TypeError with a cause, an axios error, a DOMException
 * from an abort) into a ConnectionError or TimeoutError. Only the code and a short message are
 * kept: native errors can hold the request with its headers and body.
 */
export function classifyTransportFailure(
  error: unknown,
  timeoutMs: number,
  endpoint?: string,
  redact: (text: string) => string = (text) => text,
): SocialDataError {
  // A transport knows the limit it stopped at, not the endpoint it was reading for.
  if (error instanceof ResponseTooLargeError && !error.endpoint)
    return responseTooLarge(error.limitBytes, endpoint);
  if (error instanceof SocialDataError) return error;
  const links = chain(error);
  const code = links.map((link) => link.code).find((c): c is string => typeof c === 'string');
  const timedOut =
    links.some((link) => link.name === 'TimeoutError') || (code !== undefined && TIMEOUT_CODES.has(code));
  if (timedOut) {
    return new TimeoutError(
      `No answer from the API within ${inSeconds(timeoutMs)}${endpoint ? ` (${endpoint})` : ''}.`,
      {
        endpoint,
        timeoutMs,
        hint: hints.timeout,
      },
    );
  }
  // The innermost message says the most: fetch's own is only "fetch failed" ("bad port" below),
  // and a code with no words of ours (a TLS one) keeps its message beside it.
  const innermost = links
    .map((link) => link.message)
    .reverse()
    .find((m): m is string => typeof m === 'string' && m !== '' && m !== code);
  const words = code === undefined ? undefined : (WORDS[code] ?? innermost);
  const detail = (code === undefined ? innermost : words ? `${words} (${code})` : code) ?? 'unknown failure';
  return new ConnectionError(
    `Could not complete the request${endpoint ? ` (${endpoint})` : ''}: ${excerpt(redact(String(detail)), 200)}.`,
    {
      endpoint,
      code,
      reachedServer: !(code !== undefined && NOT_SENT.has(code)),
      // The API was reached: checking its address would send the user the wrong way.
      hint: code !== undefined && CUT_OFF.has(code) ? hints.connectionLost : hints.connection,
    },
  );
}
