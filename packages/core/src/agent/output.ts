import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  SocialDataError,
  ValidationError,
} from '../errors/classes';
import { errorInHostWords } from '../errors/host-words';
import type { HostWords } from '../errors/host-words';
import type { Redact } from '../security/redactor';

/** What a tool call hands back to the model, and what the host may count of it. */
export interface AgentOutput {
  /** JSON text, within the output budget. */
  text: string;
  isError: boolean;
  /** Records in the output. */
  records: number;
  /** True when the output budget ended the call before its limit or the feed's end. */
  cutByBudget: boolean;
  /** The error's class name (`ValidationError`, `RateLimitError`…), for a host's log. */
  errorType?: string;
}

const SETTINGS_FIELDS = new Set(['apiKey', 'baseUrl', 'cookie', 'proxy', 'allowInsecureHttp']);

function aboutSettings(error: unknown): boolean {
  return (
    error instanceof AuthenticationError ||
    error instanceof ConnectionError ||
    (error instanceof ValidationError && SETTINGS_FIELDS.has(error.field ?? ''))
  );
}

/**
 * An error as a tool result the model can act on: what went wrong, the input at fault, what to
 * do. `settings` tells where the host keeps the key, base URL, cookie and proxy, for the errors
 * only the user can fix there, and `words` how the host names them and the tool. Messages of
 * core's errors are redacted already; anything else goes through `redact`. A setting at fault is
 * no input of the tool, so it is named under `settings`, not as the `field` to correct.
 */
export function agentErrorOutput(
  error: unknown,
  redact: Redact,
  settings?: string,
  words?: HostWords,
): AgentOutput {
  const known = error instanceof SocialDataError;
  const inWords = known && words ? errorInHostWords(error, words) : undefined;
  const detail: Record<string, unknown> = {
    type: known ? error.name : 'Error',
    message: redact(
      known
        ? (inWords?.message ?? error.message)
        : `Unexpected failure: ${error instanceof Error ? error.message : String(error)}`,
    ),
  };
  if (error instanceof ValidationError && error.field && !aboutSettings(error)) {
    // The argument to correct (`user_ids`); which entry of it, the message says.
    const argument = error.field.replace(/\[\d*\]$/, '');
    detail.field = words?.field?.(argument) ?? argument;
  }
  if (known && error.hint) detail.hint = inWords?.hint ?? error.hint;
  // "Correct the named input" would send a model after an argument it does not have.
  if (words && aboutSettings(error) && error instanceof ValidationError)
    detail.hint = `Not an input of this tool: ask the user to correct it in ${words.settings}.`;
  if (error instanceof ApiError && error.retryAfterMs !== undefined)
    detail.retry_after_seconds = Math.ceil(error.retryAfterMs / 1000);
  if (settings && aboutSettings(error)) detail.settings = settings;
  return errorOutput(detail);
}

/**
 * An error the host found itself (a tool it does not have, a setting it lacks), in the shape of
 * core's: what went wrong, and where the user can fix it.
 */
export function agentError(
  type: string,
  message: string,
  extra: { hint?: string | undefined; settings?: string } = {},
): AgentOutput {
  const detail: Record<string, unknown> = { type, message };
  if (extra.hint) detail.hint = extra.hint;
  if (extra.settings) detail.settings = extra.settings;
  return errorOutput(detail);
}

function errorOutput(detail: Record<string, unknown>): AgentOutput {
  return {
    text: JSON.stringify({ error: detail }),
    isError: true,
    records: 0,
    cutByBudget: false,
    errorType: String(detail.type),
  };
}

export function agentOutput(
  body: Record<string, unknown>,
  records: number,
  cutByBudget = false,
): AgentOutput {
  return { text: JSON.stringify(body), isError: false, records, cutByBudget };
}
