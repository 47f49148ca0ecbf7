import { catalog } from '../catalog/endpoints';
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
    message: inHostWords(error.message, words, error.endpoint),
    hint: inHostWords(error.hint, words, error.endpoint),
  };
}
