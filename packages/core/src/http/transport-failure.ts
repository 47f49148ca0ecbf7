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
}

function chain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && links.length < 5) {
    links.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return links;
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
      `No answer from the API within ${timeoutMs} ms${endpoint ? ` (${endpoint})` : ''}.`,
      {
        endpoint,
        timeoutMs,
        hint: hints.timeout,
      },
    );
  }
  const detail =
    code ??
    (links.map((link) => link.message).find((m) => typeof m === 'string') as string | undefined) ??
    'unknown failure';
  return new ConnectionError(
    `Could not complete the request${endpoint ? ` (${endpoint})` : ''}: ${excerpt(redact(String(detail)), 200)}.`,
    {
      endpoint,
      code,
      reachedServer: !(code !== undefined && NOT_SENT.has(code)),
      hint: hints.connection,
    },
  );
}
