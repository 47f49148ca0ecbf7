import { invalid, show } from '../input/fail';
import { normalizeBoolean } from '../input/values';
import { toIsoTimestamp } from '../output/timestamp';
import type { Tweet } from '../records/types';

/** Whether tweets of a kind are kept: all of them, none, or only they. */
export type KindRule = 'include' | 'exclude' | 'only';

/**
 * What a tweet must be to be reported. It filters the pages a feed returns; it is no search of
 * all of X (the API has none).
 */
export interface TweetFilter {
  replies?: KindRule | undefined;
  retweets?: KindRule | undefined;
  withMediaOnly?: boolean | undefined;
  /** Words or phrases, comma or new-line separated when given as one string. */
  keywords?: string | readonly string[] | undefined;
  /** `any` (default): one of the keywords is enough; `all`: every one must be in the text. */
  keywordMatch?: 'any' | 'all' | undefined;
  minLikes?: number | undefined;
  minRetweets?: number | undefined;
  /** A tweet whose views the API does not give (null) never passes. */
  minViews?: number | undefined;
  /** ISO 8601 or anything `Date` reads. */
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
}

type Filterable = Pick<Tweet, 'text' | 'created_at' | 'isReply' | 'isRetweet'> &
  Partial<Pick<Tweet, 'likeCount' | 'retweetCount' | 'viewCount' | 'media'>>;

const segmenter = new Intl.Segmenter('en', { granularity: 'word' });

/** Lower case without accents: `Café` and `CAFE` are one word. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function wordsOf(text: string): string[] {
  return Array.from(segmenter.segment(fold(text)))
    .filter((part) => part.isWordLike)
    .map((part) => part.segment);
}

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  for (let at = 0; at + phrase.length <= words.length; at += 1)
    if (phrase.every((word, offset) => words[at + offset] === word)) return true;
  return false;
}

function keywordList(keywords: TweetFilter['keywords']): string[][] {
  const list = typeof keywords === 'string' ? keywords.split(/[,\n]/) : (keywords ?? []);
  return list.map(wordsOf).filter((words) => words.length > 0);
}

function timeOf(field: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw invalid(
      field,
      `"${value}" is not a date`,
      'Give a date such as 2026-01-31 or 2026-01-31T12:00:00Z',
    );
  return time;
}

function minimum(field: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value < 0)
    throw invalid(field, `${value} is not a count`, 'Give 0 or more.');
  return value;
}

const RULES: readonly (KindRule | undefined)[] = ['include', 'exclude', 'only', undefined];

function kindRule(field: string, rule: KindRule | undefined): KindRule | undefined {
  if (!RULES.includes(rule))
    throw invalid(field, `"${String(rule)}" is not a choice`, 'Choose include, exclude or only');
  return rule;
}

function byKind(rule: KindRule | undefined, is: boolean): boolean {
  if (rule === 'exclude') return !is;
  if (rule === 'only') return is;
  return true;
}

/**
 * The predicate a filter stands for, its values checked first (a bad date or count fails before
 * any request, naming the field). Keywords match whole words and phrases, whatever their case
 * and accents: `AI` matches "ai" and "#AI", not "said".
 */
export function tweetFilter(
  filter: TweetFilter,
): ((tweet: Filterable) => boolean) & { readonly createdAfter?: number } {
  const after = timeOf('createdAfter', filter.createdAfter);
  const before = timeOf('createdBefore', filter.createdBefore);
  // No tweet is both after and before: every page would be read for nothing.
  if (after !== undefined && before !== undefined && before <= after)
    throw invalid(
      'createdBefore',
      'the date is not later than Created After, so no tweet can be in between',
      'Give a later Created Before, or an earlier Created After.',
    );
  const minLikes = minimum('minLikes', filter.minLikes);
  const minRetweets = minimum('minRetweets', filter.minRetweets);
  const minViews = minimum('minViews', filter.minViews);
  const keywords = keywordList(filter.keywords);
  const replies = kindRule('replies', filter.replies);
  const retweets = kindRule('retweets', filter.retweets);
  if (filter.keywordMatch !== undefined && filter.keywordMatch !== 'any' && filter.keywordMatch !== 'all')
    throw invalid('keywordMatch', `"${String(filter.keywordMatch)}" is not a choice`, 'Choose any or all');
  const all = filter.keywordMatch === 'all';
  const keep = (tweet: Filterable): boolean => {
    if (!byKind(replies, tweet.isReply) || !byKind(retweets, tweet.isRetweet)) return false;
    if (filter.withMediaOnly && !(tweet.media && tweet.media.length > 0)) return false;
    if (minLikes !== undefined && !((tweet.likeCount ?? -1) >= minLikes)) return false;
    if (minRetweets !== undefined && !((tweet.retweetCount ?? -1) >= minRetweets)) return false;
    if (minViews !== undefined && !(tweet.viewCount != null && tweet.viewCount >= minViews)) return false;
    if (after !== undefined || before !== undefined) {
      const created = Date.parse(toIsoTimestamp(tweet.created_at) || tweet.created_at);
      if (Number.isNaN(created)) return false;
      if (after !== undefined && created <= after) return false;
      if (before !== undefined && created >= before) return false;
    }
    if (keywords.length > 0) {
      const words = wordsOf(tweet.text ?? '');
      const has = (phrase: string[]) => containsPhrase(words, phrase);
      if (all ? !keywords.every(has) : !keywords.some(has)) return false;
    }
    return true;
  };
  // The time a read of a feed newest first by time may end at (`readOptions`).
  return after === undefined ? keep : Object.assign(keep, { createdAfter: after });
}

/** A filter applied after reading, with the Created After time it holds, if any. */
export type RecordFilter = ((record: unknown) => boolean) & { readonly createdAfter?: number };

/** Whether a filter asks for anything: an empty one keeps every tweet. */
export function filtersAnything(filter: TweetFilter): boolean {
  return (
    (filter.replies !== undefined && filter.replies !== 'include') ||
    (filter.retweets !== undefined && filter.retweets !== 'include') ||
    filter.withMediaOnly === true ||
    keywordList(filter.keywords).length > 0 ||
    [filter.minLikes, filter.minRetweets, filter.minViews].some((value) => value !== undefined) ||
    [filter.createdAfter, filter.createdBefore].some((value) => value !== undefined && value.trim() !== '')
  );
}

const formText = (value: unknown) =>
  value === undefined || value === null || String(value).trim() === '' ? undefined : String(value);
/**
 * A form's minimum: empty or 0 is none (0 would only shut out tweets whose views are unknown).
 * Text that is no number is refused as the user typed it ("lots"), not as what it became (NaN).
 */
function formCount(values: Readonly<Record<string, unknown>>, field: keyof TweetFilter): number | undefined {
  const value = values[field];
  if (formText(value) === undefined) return undefined;
  const count = Number(value);
  if (Number.isNaN(count)) throw invalid(field, `${show(value)} is not a count`, 'Give 0 or more.');
  return count === 0 ? undefined : count;
}

/**
 * The filter an n8n or Zapier form stands for (field names as `TweetFilter`'s; empty fields and
 * minimums of 0 are unset), or undefined when it filters nothing. Bad values fail here, naming
 * the field, before any request.
 */
export function formFilter(values: Readonly<Record<string, unknown>>): RecordFilter | undefined {
  const filter: TweetFilter = {
    replies: formText(values.replies) as KindRule | undefined,
    retweets: formText(values.retweets) as KindRule | undefined,
    withMediaOnly: normalizeBoolean(values.withMediaOnly, 'withMediaOnly') === true,
    keywords: formText(values.keywords),
    keywordMatch: formText(values.keywordMatch) as TweetFilter['keywordMatch'],
    minLikes: formCount(values, 'minLikes'),
    minRetweets: formCount(values, 'minRetweets'),
    minViews: formCount(values, 'minViews'),
    createdAfter: formText(values.createdAfter),
    createdBefore: formText(values.createdBefore),
  };
  return filtersAnything(filter) ? (tweetFilter(filter) as RecordFilter) : undefined;
}
