import { catalog } from '../catalog/endpoints';
import type { EndpointId } from '../catalog/endpoints';
import type { ResultSpec } from '../catalog/types';
import type { SocialDataError } from '../errors/classes';
import { ResponseFormatError } from '../errors/classes';
import { errorForEnvelope, errorForStatus } from '../errors/from-response';
import { hints } from '../errors/hints';
import { isRedirect, redirectError } from './redirects';
import { bodyText, parseJsonBody } from './json-body';
import { parseRetryAfter } from './retry-after';
import type { TransportResponse } from './transport';
import { excerpt } from '../security/redactor';
import type { Redact } from '../security/redactor';

/** The API's answer around its data: `status`, `msg`, `data` (and `source` on some answers). */
export interface Envelope<D = unknown> {
  status?: 'success' | 'error' | (string & {});
  msg?: string;
  data?: D;
  source?: string;
}

interface Reading extends TransportResponse {
  /** Applied to the body before an excerpt of it is cut, so no half secret survives. */
  redact: Redact;
}

const EXCERPT_LENGTH = 160;

function formatError(
  id: EndpointId,
  reading: Reading,
  problem: string,
  transient: boolean,
): ResponseFormatError {
  const { status, body, redact } = reading;
  const shown = excerpt(redact(bodyText(body)), EXCERPT_LENGTH);
  const error = new ResponseFormatError(`${problem} (HTTP ${status} on ${id})${shown ? `: ${shown}` : ''}`, {
    endpoint: id,
    status,
    excerpt: shown,
    hint: hints.format,
  });
  error.transient = transient;
  return error;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isArray = Array.isArray;
const isOptionalString = (value: unknown) =>
  value === undefined || value === null || typeof value === 'string';

/**
 * Records of a list, each `null` (dropped later) or with a text id. The API documents ids as
 * text; a number above 2^53 has already lost digits in JSON.parse, so a record whose id is a
 * number is refused everywhere, as a single record always was (decision B23).
 */
function hasRecordIds(list: unknown[]): boolean {
  for (const record of list) {
    if (record === null) continue;
    if (!isObject(record) || typeof record.id !== 'string') return false;
  }
  return true;
}

/** Whether `data` has the shape the catalog promises, each record with a text id. */
function hasShape(result: ResultSpec, data: unknown): boolean {
  switch (result.kind) {
    case 'record':
      return isObject(data) && typeof data.id === 'string';
    case 'records':
      return isArray(data) && hasRecordIds(data);
    case 'tweetPage':
      return (
        isObject(data) &&
        isArray(data.tweets) &&
        hasRecordIds(data.tweets) &&
        isOptionalString(data.next_cursor) &&
        (data.has_next_page === undefined || typeof data.has_next_page === 'boolean')
      );
    case 'userPage':
      return (
        isObject(data) &&
        isArray(data[result.key]) &&
        hasRecordIds(data[result.key] as unknown[]) &&
        isOptionalString(data.next_cursor)
      );
    case 'createdList':
      return isObject(data) && typeof data.list_id === 'string' && data.list_id !== '';
  }
}

function parse(body: string | Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJsonBody(body) };
  } catch {
    return { ok: false };
  }
}

export type ReadResult =
  { ok: true; data: unknown; envelope: Envelope } | { ok: false; error: SocialDataError };

/**
 * Reads a response the way the API document describes it: the envelope first (`status: "error"`
 * is an error even under HTTP 200), then the endpoint's documented `data` shape.
 */
export function readResponse(
  id: EndpointId,
  response: TransportResponse,
  now: number,
  redact: Redact = (text) => text,
): ReadResult {
  const { status, body } = response;
  const reading: Reading = { ...response, redact };
  const parsed = parse(body);
  const envelope: Envelope | undefined =
    parsed.ok && isObject(parsed.value) ? (parsed.value as Envelope) : undefined;
  const apiMessage = typeof envelope?.msg === 'string' ? envelope.msg : undefined;

  if (isRedirect(status)) return { ok: false, error: redirectError(id, response) };
  if (status < 200 || status >= 300) {
    const retryAfterMs = parseRetryAfter(response.headers, now);
    return { ok: false, error: errorForStatus({ status, apiMessage, endpoint: id, retryAfterMs }) };
  }
  if (!parsed.ok)
    return {
      ok: false,
      error: formatError(id, reading, 'The API answered with a body that is not JSON', true),
    };
  if (!envelope)
    return {
      ok: false,
      error: formatError(id, reading, 'The API answered with JSON that is not an envelope', false),
    };
  // The API documents "success" and "error"; any other stated status ("fail") is no success.
  if (envelope.status !== undefined && envelope.status !== 'success')
    return { ok: false, error: errorForEnvelope(status, apiMessage ?? '', id) };
  if (!hasShape(catalog[id].result, envelope.data)) {
    return {
      ok: false,
      error: formatError(id, reading, `The API's data is not shaped as ${id} documents`, false),
    };
  }
  return { ok: true, data: envelope.data, envelope };
}
