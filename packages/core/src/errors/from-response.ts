import {
  ApiError,
  AuthenticationError,
  CreditsExhaustedError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  UpstreamError,
  ValidationError,
} from './classes';
import { hints } from './hints';

export interface FailedResponse {
  status: number;
  apiMessage: string | undefined;
  endpoint: string;
  retryAfterMs: number | undefined;
  /** How the failure arrived, for the message; defaults to the HTTP status. */
  where?: string;
}

function validationHint(apiMessage: string): { hint: string; field: string | undefined } {
  if (/proxy/i.test(apiMessage)) return { hint: hints.proxy, field: 'proxy' };
  if (/cookie|session/i.test(apiMessage)) return { hint: hints.cookie, field: 'cookie' };
  const field = /\b(count|cursor|userIds|tweet_ids|name)\b/.exec(apiMessage)?.[1];
  return { hint: hints.validation, field };
}

const RECORD_MISSING = /not found|does not exist|no such/i;

/**
 * Whether a 404 says a record is missing, in the API's envelope. A 404 without the API's message
 * (an HTML page, a proxy's answer, a path the server does not know) comes from a wrong base URL:
 * taken as "not found", it would make every search of a misconfigured connection find nothing.
 */
function saysRecordMissing(apiMessage: string | undefined): boolean {
  return apiMessage !== undefined && RECORD_MISSING.test(apiMessage);
}

/** The error class for a failed HTTP status, with the API's own message kept. */
export function errorForStatus(failure: FailedResponse): ApiError {
  const { status, apiMessage, endpoint, retryAfterMs } = failure;
  const said = apiMessage ? `: ${apiMessage}` : '';
  const where = failure.where ?? `HTTP ${status} on ${endpoint}`;
  const base = { status, apiMessage, endpoint };
  if (status === 401)
    return new AuthenticationError(`The API key was rejected (${where})${said}`, {
      ...base,
      hint: hints.authentication,
    });
  if (status === 402)
    return new CreditsExhaustedError(`The account is out of credits (${where})${said}`, {
      ...base,
      hint: hints.credits,
    });
  if (status === 403)
    return new PermissionError(`The request was refused (${where})${said}`, {
      ...base,
      hint: hints.permission,
    });
  if (status === 404 && saysRecordMissing(apiMessage))
    return new NotFoundError(`Not found (${where})${said}`, { ...base, hint: hints.notFound });
  if (status === 404)
    return new ApiError(`Nothing answers at this address (${where})${said}`, {
      ...base,
      hint: hints.address,
    });
  if (status === 400 || status === 422) {
    return new ValidationError(`The API rejected the input (${where})${said}`, {
      ...base,
      ...validationHint(apiMessage ?? ''),
    });
  }
  if (status === 429)
    return new RateLimitError(`Rate limited (${where})${said}`, {
      ...base,
      retryAfterMs,
      hint: hints.rateLimit,
    });
  if (status >= 500)
    return new UpstreamError(`The API failed (${where})${said}`, {
      ...base,
      retryAfterMs,
      hint: hints.upstream,
    });
  // Any other 4xx is a refusal running again will not change (418, 451...), not a hiccup.
  if (status >= 400)
    return new ApiError(
      `The API refused the request (${where}${status === 451 ? ', withheld for legal reasons' : ''})${said}`,
      {
        ...base,
        hint: hints.refused,
      },
    );
  return new ApiError(`Unexpected answer (${where})${said}`, { ...base, retryAfterMs, hint: hints.upstream });
}

/**
 * An envelope with `status: "error"` under HTTP 200: the message is all there is to go on, so
 * the usual conditions are recognised by their wording; anything else stays a plain ApiError.
 */
export function errorForEnvelope(httpStatus: number, apiMessage: string, endpoint: string): ApiError {
  const rules: [RegExp, number][] = [
    [RECORD_MISSING, 404],
    [/api key|unauthori[sz]ed|x-api-key/i, 401],
    [/credit|balance|payment/i, 402],
    [/rate limit|too many requests/i, 429],
    [/invalid|required|must be|missing/i, 400],
  ];
  const mapped = rules.find(([pattern]) => pattern.test(apiMessage))?.[1];
  if (mapped === undefined) {
    return new ApiError(
      `The API reported an error (HTTP ${httpStatus} on ${endpoint}): ${apiMessage || 'no message'}`,
      {
        status: httpStatus,
        apiMessage,
        endpoint,
        hint: hints.upstream,
      },
    );
  }
  return errorForStatus({
    status: mapped,
    apiMessage,
    endpoint,
    retryAfterMs: undefined,
    where: `status "error" under HTTP ${httpStatus} on ${endpoint}`,
  });
}
