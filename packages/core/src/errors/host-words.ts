import { catalog } from '../catalog/endpoints';
import { ValidationError } from './classes';
import type { SocialDataError } from './classes';

/**
 * The phrase core's messages use for wherever a surface keeps the API key, the session cookie,
 * the proxy and the base URL; each surface puts its own name for that place instead (issue 40).
 */
export const SETTINGS = 'your Social Data settings';

/** How a surface names things in its own words. */
export interface HostWords {
  /** Where it keeps the key, cookie, proxy and base URL: `the "Social Data API" credential`. */
  settings: string;
  /**
   * The operation as its user chose it (`User → Get Followers`, `user followers`, a tool name),
   * put wherever a message names the endpoint that failed: the user picked an operation, not one
   * of the requests it makes.
   */
  operation?: string | undefined;
  /**
   * The name its user knows an input by (a panel's label, `--page-size`, `<user-name>`) for core's
   * name of it (`pageSize`, `userName`); undefined keeps core's. A message about one input starts
   * with that input's name, which is how the user finds the field to correct.
   */
  field?: ((name: string) => string | undefined) | undefined;
}

/** Text of core's in a surface's words: its settings, and its name for the operation. */
export function inHostWords(text: string, words: HostWords, endpoint?: string): string {
  let out = text.split(SETTINGS).join(words.settings);
  // Only a catalog id: a media download names `media`, a word of its message too.
  if (words.operation && endpoint && Object.hasOwn(catalog, endpoint))
    out = out.replace(new RegExp(`\\b${endpoint}\\b`, 'g'), words.operation);
  return out;
}

/** An error's message and hint in a surface's words (see `inHostWords`). */
export function errorInHostWords(
  error: SocialDataError,
  words: HostWords,
): { message: string; hint: string } {
  return {
    message: namingField(error, inHostWords(error.message, words, error.endpoint), words),
    hint: inHostWords(error.hint, words, error.endpoint),
  };
}

/**
 * `tweet_ids[2]: …` as `Tweet IDs (entry 3): …`: an input checked before any request, named as its
 * surface names it. The API's own answers (a status) keep their words.
 */
function namingField(error: SocialDataError, message: string, words: HostWords): string {
  const field = error instanceof ValidationError && error.status === undefined ? error.field : undefined;
  if (!field || !words.field || !message.startsWith(`${field}:`)) return message;
  const [name = field, index] = field.split(/[[\]]/);
  const label = words.field(name);
  if (label === undefined) return message;
  const entry = index === undefined || index === '' ? '' : ` (entry ${Number(index) + 1})`;
  return `${label}${entry}${message.slice(field.length)}`;
}
