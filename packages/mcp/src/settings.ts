import {
  SETTING_VARIABLES,
  SocialDataError,
  createRedactor,
  errorInHostWords,
  hints,
} from '@social-data/core';
import type { Redact, SocialDataClient, UserSetting } from '@social-data/core';
import { clientOptionsFromEnv, createClient } from '@social-data/core/node';

/** How messages name those settings, in the words of this server. */
export const SETTINGS_NAME = "this MCP server's SOCIAL_DATA_* environment variables";

/** Told to the model with errors only the user can fix, so it asks them to fix the right thing. */
export const SETTINGS_TEXT =
  'This MCP server reads its settings from its environment: SOCIAL_DATA_API_KEY (the key, tda_…), SOCIAL_DATA_BASE_URL (the API address), for own-session tools SOCIAL_DATA_COOKIE and SOCIAL_DATA_PROXY, and SOCIAL_DATA_ALLOW_INSECURE_HTTP=true only for a plain http:// address on a trusted network. Ask the user to correct them in the MCP client configuration and restart the server.';

/** Core's name of each setting, as the variable this server reads it from (the switch as it is set). */
const VARIABLES: Record<string, string> = {
  ...SETTING_VARIABLES,
  allowInsecureHttp: `${SETTING_VARIABLES.allowInsecureHttp}=true`,
} satisfies Record<UserSetting, string>;

/** A message names a setting as the user sets it here: its variable. */
export const settingVariable = (name: string): string | undefined =>
  Object.hasOwn(VARIABLES, name) ? VARIABLES[name] : undefined;

/** The client, or why there is none (a missing key): each tool call then answers with that error. */
export type ClientOrFailure = { client: SocialDataClient } | { failure: unknown; redact: Redact };

export function clientFromEnv(
  env: Record<string, string | undefined>,
  logger?: (line: string) => void,
  timeoutMs?: number,
): ClientOrFailure {
  const options = clientOptionsFromEnv(env);
  try {
    return {
      client: createClient({ ...options, logger, ...(timeoutMs === undefined ? {} : { timeoutMs }) }),
    };
  } catch (failure) {
    return { failure, redact: createRedactor(options) };
  }
}

/** Why there is no client, for the server's log: in this server's words, as each tool call says it. */
export function failureLine(connection: { failure: unknown; redact: Redact }): string {
  const { failure, redact } = connection;
  if (!(failure instanceof SocialDataError))
    return redact(failure instanceof Error ? failure.message : String(failure));
  const { message, hint } = errorInHostWords(failure, { settings: SETTINGS_NAME, field: settingVariable });
  // "Correct the named input and run again" speaks to a caller: a log line's reader starts the server.
  const said = hint && hint !== hints.validation ? `${message} ${hint}` : message;
  return redact(said);
}
