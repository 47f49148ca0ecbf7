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
  const checked = error instanceof ValidationError && error.status === undefined;
  const message = namingField(error, inHostWords(error.message, words, error.endpoint), words);
  return {
    // The API's own answers keep their words; core's checks and hints are core's to rename.
    message: checked ? namingIdentifiers(message, words) : message,
    hint: namingIdentifiers(inHostWords(error.hint, words, error.endpoint), words),
  };
}

/** `is_private`, `allowInsecureHttp`: a name of code's, never a word of a sentence. */
const IDENTIFIER = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+|[A-Z][a-z0-9]*)+\b/g;

/**
 * Core's name of any input or setting a text mentions (`Set is_private…`, `turn on
 * allowInsecureHttp`) as the surface names it, where it has a name for it. A quoted value is
 * the user's own and stays as typed.
 */
function namingIdentifiers(text: string, words: HostWords): string {
  const { field } = words;
  if (!field) return text;
  return text
    .split(/("(?:[^"\\]|\\.)*")/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(IDENTIFIER, (name) => field(name) ?? name)))
    .join('');
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
