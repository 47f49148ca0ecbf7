import type { EndpointId } from '../catalog/endpoints';
import { endpointSpec } from '../catalog/queries';
import type { RecordKind } from '../catalog/types';
import { describeRange } from '../input/values';
import { MAX_ACCOUNTS } from './accounts';
import { feedIds, isRemovalFeed, takesManyAccounts } from './catalog';
import type { FeedId } from './catalog';
import { DEFAULT_POLL_PAGES, MAX_POLL_PAGES } from './reading';

/**
 * A form field of a read or a poll, described once so that every host offers the same choice in
 * the same words, each drawing it its own way (a panel option, a form field, a flag). Boolean
 * fields say "Whether…", as n8n's panel asks and any form reads well.
 */
export interface FormField<Name extends string = string> {
  name: Name;
  label: string;
  /** `list`: values separated by commas or new lines. */
  kind: 'choice' | 'text' | 'list' | 'count' | 'boolean' | 'date';
  description: string;
  /** Choices, the first one the default. */
  choices?: readonly { value: string; label: string }[];
  /** A count's range, and the value its field starts at. */
  min?: number;
  max?: number;
  default?: number;
  /** What a user might enter, for a placeholder. */
  example?: string;
}

/**
 * The labels of the options every paged read's form shows, by core's name: a host names one a
 * message names by it, also where its own form keys the field otherwise (Zapier's `cursor`).
 */
export const READ_OPTION_LABELS = {
  pageSize: 'Page Size',
  startCursor: 'Start Cursor',
  maxPages: 'Max Pages',
} as const;

/** Page Size, for endpoints whose page size can be chosen (the API's `count`). */
export function pageSizeField(id: EndpointId): FormField<'pageSize'> | undefined {
  const range = endpointSpec(id).count;
  if (!range) return undefined;
  return {
    name: 'pageSize',
    label: READ_OPTION_LABELS.pageSize,
    kind: 'count',
    min: range.min,
    ...(range.max === undefined ? {} : { max: range.max }),
    // Endpoint 9's own default is not shown (spec): its field starts at the usual 20 ("default
    // 20 unless stated"), and its help names no default.
    default: range.default ?? 20,
    description: `Records per request (${describeRange(range)}${range.default === undefined ? '' : `, default ${range.default}`}). Larger pages mean fewer requests; left out, the API's own page size.`,
  };
}

export const startCursorField: FormField<'startCursor'> = {
  name: 'startCursor',
  label: READ_OPTION_LABELS.startCursor,
  kind: 'text',
  description: 'Start from this cursor, the next_cursor of an earlier read, instead of the first page.',
};

/** How many requests a read makes at most when no Limit is given; 10 when the field is added empty. */
export const maxPagesField: FormField<'maxPages'> = {
  name: 'maxPages',
  label: READ_OPTION_LABELS.maxPages,
  kind: 'count',
  min: 1,
  default: 10,
  description: 'Stop after this many requests, even if more pages exist.',
};

/** What Simplify adds to each kind of record, as core's simplifiers build it. */
const SIMPLIFIED: Partial<Record<RecordKind, string>> = {
  tweet: 'tweets get author_ fields, media URLs, an ISO date and a link',
  user: 'accounts keep their plain fields and get profile_url and an ISO date',
  community: 'communities get url, an ISO date and admin_ fields',
};

/** Simplify, saying what it does to the kinds of record the read or poll returns. */
export function simplifyField(kinds: ReadonlyArray<RecordKind | undefined>): FormField<'simplify'> {
  const adds = [...new Set(kinds)].flatMap((kind) => (kind && SIMPLIFIED[kind] ? [SIMPLIFIED[kind]] : []));
  return {
    name: 'simplify',
    label: 'Simplify',
    kind: 'boolean',
    description: `Whether to flatten each record into one level of columns for a sheet, a message or CSV, instead of the record as the API sends it${adds.length ? `: ${adds.join('; ')}` : ''}.`,
  };
}

/**
 * Max Pages per Poll: how far one poll of a feed reads while it catches up. A form for some feeds
 * only (one trigger of a host that has one per feed) says only what holds for them: a poll for
 * new items is not told how removals are read, nor one account how many are.
 */
export function pollPagesField(
  defaultPages = DEFAULT_POLL_PAGES,
  forFeeds: readonly FeedId[] = feedIds,
): FormField<'maxPages'> {
  const removals = forFeeds.some(isRemovalFeed);
  const additions = forFeeds.some((id) => !isRemovalFeed(id));
  const sentences = [
    `Requests one poll may make while it catches up (${describeRange({ min: 1, max: MAX_POLL_PAGES })}, default ${defaultPages}); each request costs credits.`,
    additions &&
      'When more new items arrived than that reads, the rest follow in the next polls, and what cannot be caught up with is reported, never dropped silently.',
    forFeeds.some(takesManyAccounts) && 'Watching many accounts, it counts for each account.',
    removals &&
      'A poll for removals reads the whole list when it fits in this many pages, and is sure only of removals within what it read.',
    'A poll makes up to twice this plus 15 requests.',
  ];
  return {
    name: 'maxPages',
    label: 'Max Pages per Poll',
    kind: 'count',
    min: 1,
    max: MAX_POLL_PAGES,
    default: defaultPages,
    description: sentences.filter(Boolean).join(' '),
  };
}

/** The accounts of a poll that watches many at once. */
export const accountsField: FormField<'userNames'> = {
  name: 'userNames',
  label: 'Usernames',
  kind: 'list',
  example: 'nasa, @spacex, https://x.com/esa',
  description: `Up to ${MAX_ACCOUNTS} accounts, separated by commas or new lines, as names, @names or profile URLs; each item says in watched_account which one it came from. An account added later starts quiet (its older tweets are not emitted); one removed is forgotten; one that fails (not found, suspended) is reported once and holds up none of the others.`,
};
