import { invalid, show } from './fail';

/**
 * Screen names and ids as users paste them: `@jack`, `x.com/jack`, tweet, list, community and
 * topic URLs, bare ids. Each returns the value the API expects or throws a ValidationError that
 * names the field and says what to enter instead.
 */

const SITE_HOSTS = new Set([
  'x.com',
  'twitter.com',
  'mobile.twitter.com',
  'mobile.x.com',
  'fixupx.com',
  'fxtwitter.com',
  'vxtwitter.com',
]);
/** Paths of the site that are not accounts. */
export const RESERVED_PATHS: ReadonlySet<string> = new Set([
  'i',
  'home',
  'search',
  'explore',
  'intent',
  'settings',
  'messages',
  'notifications',
  'hashtag',
  'share',
  'login',
  'signup',
  'tos',
  'privacy',
]);
const SCREEN_NAME = /^[A-Za-z0-9_]{1,50}$/;
const NUMERIC_ID = /^[0-9]{1,25}$/;

function asText(value: unknown, field: string, example: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'bigint' && value >= 0n) return value.toString();
    throw invalid(field, `${show(value)} lost precision as a number`, `Pass ids as text, e.g. "${example}".`);
  }
  // Left empty reads as empty, as a blank field does, whichever way the form sent it.
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string')
    throw invalid(field, `expected text, got ${typeof value}`, `Enter e.g. ${example}.`);
  return value.trim();
}

/** The path segments of a site URL, or undefined when the text is not a URL of the site. */
function sitePath(text: string): string[] | undefined {
  const looksLikeUrl = /^[a-z]+:\/\//i.test(text) || /^(www\.)?[a-z.]*(x|twitter)\.com\//i.test(text);
  if (!looksLikeUrl) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!SITE_HOSTS.has(host)) return undefined;
  return url.pathname.split('/').filter(Boolean);
}

export function normalizeScreenName(value: unknown, field = 'userName'): string {
  const text = asText(value, field, 'jack');
  const fix = 'Enter a screen name like jack, @jack or https://x.com/jack.';
  if (!text) throw invalid(field, 'the screen name is empty', fix);
  const path = sitePath(text);
  let name = text;
  if (path) {
    const first = path[0];
    if (!first || RESERVED_PATHS.has(first.toLowerCase()))
      throw invalid(field, `${show(text)} is not the URL of a profile`, fix);
    // A tweet's URL where an account is asked for: the user likely meant the tweet, and the site
    // shows a tweet under any name in its URL, so that name need not be its author's (decision B9).
    if (/^status(es)?$/i.test(path[1] ?? ''))
      throw invalid(
        field,
        `${show(text)} is the URL of a tweet, not of a profile`,
        SCREEN_NAME.test(first)
          ? `For the account in its address, enter ${first} or https://x.com/${first}.`
          : fix,
      );
    name = first;
  }
  name = name.replace(/^@/, '');
  if (!SCREEN_NAME.test(name)) throw invalid(field, `${show(text)} is not a screen name`, fix);
  return name;
}

/**
 * Screen names given as one text (comma or new-line separated: `jack, @nasa` or profile URLs),
 * each checked as `normalizeScreenName` does, in lower case (one account however it is written),
 * each once, at most `max`.
 */
export function normalizeScreenNameList(value: unknown, max: number, field = 'userName'): string[] {
  const text = asText(value, field, 'jack, nasa');
  const names = text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => normalizeScreenName(part, field).toLowerCase());
  const unique = [...new Set(names)];
  if (unique.length === 0)
    throw invalid(
      field,
      'no screen name given',
      'Enter one or more, like jack, @nasa or https://x.com/jack.',
    );
  if (unique.length > max)
    throw invalid(
      field,
      `${unique.length} accounts given`,
      `Enter at most ${max}; use another trigger for more.`,
    );
  return unique;
}

interface IdShape {
  noun: string;
  example: string;
  /** Picks the id out of a site URL's path segments. */
  fromPath: (path: string[]) => string | undefined;
}

function segmentAfter(path: string[], marker: string): string | undefined {
  const at = path.indexOf(marker);
  return at >= 0 ? path[at + 1] : undefined;
}

const SHAPES = {
  tweet: {
    noun: 'tweet',
    example: 'https://x.com/jack/status/20',
    fromPath: (path: string[]) => segmentAfter(path, 'status') ?? segmentAfter(path, 'statuses'),
  },
  list: {
    noun: 'list',
    example: 'https://x.com/i/lists/1234567890',
    fromPath: (path: string[]) => segmentAfter(path, 'lists'),
  },
  community: {
    noun: 'community',
    example: 'https://x.com/i/communities/1234567890',
    fromPath: (path: string[]) => segmentAfter(path, 'communities'),
  },
  topic: {
    noun: 'topic',
    example: 'https://x.com/i/topics/1234567890',
    fromPath: (path: string[]) => segmentAfter(path, 'topics'),
  },
  user: { noun: 'user', example: '783214', fromPath: () => undefined },
} satisfies Record<string, IdShape>;

export type IdKind = keyof typeof SHAPES;

export function normalizeId(kind: IdKind, value: unknown, field: string): string {
  const shape: IdShape = SHAPES[kind];
  const text = asText(value, field, kind === 'user' ? shape.example : '1234567890');
  const fix =
    kind === 'user'
      ? "Enter the numeric user id (a profile's id), not the screen name."
      : `Enter the numeric ${shape.noun} id or its URL, like ${shape.example}.`;
  if (!text) throw invalid(field, `the ${shape.noun} id is empty`, fix);
  const path = sitePath(text);
  const id = path ? shape.fromPath(path) : text;
  if (id === undefined || !NUMERIC_ID.test(id))
    throw invalid(field, `${show(text)} is not a ${shape.noun} id`, fix);
  return id.replace(/^0+(?=\d)/, '');
}

/**
 * An id list from a pasted string (commas, spaces, new lines) or an array; de-duplicated in
 * first-seen order.
 */
export function normalizeIdList(kind: 'tweet' | 'user', value: unknown, field: string): string[] {
  const items: unknown[] =
    typeof value === 'string'
      ? value.split(/[\s,;]+/).filter(Boolean)
      : Array.isArray(value)
        ? value
        : [value];
  const ids = new Set<string>();
  items.forEach((item, index) => {
    const itemField = Array.isArray(value) ? `${field}[${index}]` : field;
    // A list's empty entries (a blank line, an unset cell) are skipped, whatever form they take.
    const empty = item === undefined || item === null || (typeof item === 'string' && item.trim() === '');
    if (empty && Array.isArray(value)) return;
    ids.add(normalizeId(kind, item, itemField));
  });
  if (ids.size === 0) {
    throw invalid(
      field,
      'no ids given',
      `Enter one or more ${kind} ids separated by commas, spaces or new lines.`,
    );
  }
  return [...ids];
}
