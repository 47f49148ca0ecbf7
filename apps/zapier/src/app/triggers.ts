import { ValidationError, catalog, normalizeParams, normalizeScreenNameList } from '@social-data/core';
import {
  MAX_ACCOUNTS,
  accountsField,
  feedIds,
  feedPages,
  feeds,
  isRemovalFeed,
  isUserFeed,
  newestRecord,
  pollAccountsOnce,
  pollOnce,
  pollPages,
  pollPagesField,
  takesManyAccounts,
  timeBudget,
  firstOfEachId,
  outputBudget,
} from '@social-data/core/feeds';
import type { OpenPaginator, SocialDataClient } from '@social-data/core';
import type { AccountRecord, FeedId } from '@social-data/core/feeds';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { readWithinStep } from './bounded-read';
import { DEFAULT_TRIGGER_PAGES, inputOf, paramFields, paramsFrom, simplifyInput } from './fields';
import type { InputField } from './fields';
import { filterFields, filterFrom } from './filters';
import { nounOf, recordFieldsOf, sampleOf, shapeFor, wantsSimplify } from './records';
import { dehydratorFor } from './media';
import { OUTPUT_BUDGET_BYTES } from './limits';
import { withFields } from './step';
import { zapierMessage } from '../http/errors';
import { watchStore } from './watch-store';

const moreAccountsField: InputField = {
  ...inputOf(accountsField),
  label: 'More Usernames',
  helpText: `More accounts to watch in this one trigger, beside Username, which counts among them. ${accountsField.description}`,
};

/** Max Pages per Poll as one trigger's form shows it: its help speaks of that trigger's feed. */
function maxPagesField(event: FeedId): InputField {
  const field = pollPagesField(DEFAULT_TRIGGER_PAGES, [event]);
  return {
    ...inputOf(field, 'max_pages'),
    default: String(DEFAULT_TRIGGER_PAGES),
    helpText: `${field.description} Zapier's time and size limits cap it anyway.`,
  };
}

/**
 * The fields of a notice item (decision N29; N23's `partial`), declared so that the Zap editor
 * offers `notice` to a Filter step although the sample, a record, has none of them.
 */
const NOTICE_FIELDS = [
  { key: 'notice', label: 'Notice (uncertain or partial; empty on a record)', type: 'string' as const },
  { key: 'may_be_missed', label: 'Notice: Items That May Be Missed', type: 'integer' as const },
  { key: 'message', label: 'Notice: Message', type: 'string' as const },
];

/**
 * Every item of a feed whose items can be added again (decision Z8): the record's id, which a
 * later step maps, and whether it came back, whose item goes by an id of its own.
 */
const AGAIN_FIELDS = [
  { key: 'record_id', label: 'Record ID', type: 'string' as const },
  {
    key: 'added_again',
    label: 'Added Again (it left and came back: a re-follow, a re-bookmark)',
    type: 'boolean' as const,
  },
];

/**
 * A trigger on more accounts: which account each record came from, and the item of an account
 * that could not be read (not found, suspended), declared so that a Filter step can route on
 * `error` and a later step map `watched_account`, although a one-account sample has neither.
 */
const ACCOUNT_FIELDS = [
  { key: 'watched_account', label: 'Watched Account (with More Usernames)', type: 'string' as const },
  { key: 'error', label: 'Error (an account that could not be read)', type: 'string' as const },
];

/** Output fields only some items carry (a notice, an account's failure): no sample has them. */
export const SITUATIONAL_FIELDS: readonly string[] = [...NOTICE_FIELDS, ...ACCOUNT_FIELDS].map(
  (field) => field.key,
);

function maxPagesOf(bundle: Bundle): number {
  return pollPages(bundle.inputData.max_pages, 'max_pages', DEFAULT_TRIGGER_PAGES);
}

/** The accounts of a trigger on many accounts (Username first), or none when More Usernames is empty. */
function accountsOf(event: FeedId, bundle: Bundle): string[] {
  if (!takesManyAccounts(event) || !bundle.inputData.userNames) return [];
  // Username on its own first, so that a bad name there is named as Username, not More Usernames.
  const first = bundle.inputData.userName
    ? normalizeScreenNameList(bundle.inputData.userName, MAX_ACCOUNTS, 'userName')
    : [];
  return normalizeScreenNameList(
    [...first, bundle.inputData.userNames].join('\n'),
    MAX_ACCOUNTS,
    'userNames',
  );
}

/** What both polls of a feed take from the trigger's form and from Zapier. */
function pollSetup(z: ZObject, bundle: Bundle, event: FeedId) {
  const { endpoint } = feeds[event];
  const keep = isRemovalFeed(event) ? undefined : filterFrom(endpoint, bundle.inputData);
  return {
    feed: feeds[event],
    shape: shapeFor(endpoint, bundle.inputData.simplify, dehydratorFor(z)),
    store: watchStore(z, bundle),
    maxPages: maxPagesOf(bundle),
    ...(keep ? { keep } : {}),
    // A Zap's first poll only fills Zapier's dedupe list: what must be told once waits for the next.
    shown: bundle.meta?.isPopulatingDedupe !== true,
    // A failure an item carries (an account that could not be read or looked up), in the Zap's words.
    describe: (error: unknown) => zapierMessage(error, feeds[event].displayName),
  };
}

/**
 * New Tweet or New Reply on several accounts, on core's many-accounts watch (`pollAccountsOnce`, as
 * the n8n trigger): each account keeps its own watch in `z.cache` (decision Z14), starts quiet,
 * and carries a burst larger than one poll over to the next. Zapier refuses a poll's output past
 * 6 MB and keeps only the ids of what it was given, so the poll ends before its output would
 * pass the budget or its time would run out; the accounts it did not reach keep their watch and
 * the next poll starts with them (issue 38 case 2): what is saved is what is returned.
 */
async function pollAccountList(
  z: ZObject,
  bundle: Bundle,
  client: SocialDataClient,
  event: FeedId,
  deadline: number,
): Promise<object[]> {
  const { feed, shape, store, maxPages, keep, shown, describe } = pollSetup(z, bundle, event);
  const names = accountsOf(event, bundle);
  // Each account's pages stop in time too: what is left is read by the next poll.
  const readFor = (name: string) =>
    feedPages(client, feed.endpoint, normalizeParams(feed.endpoint, { userName: name }), deadline);
  // A record belongs to one account: shaped once, with its account.
  const output = outputBudget(
    ({ account, record }: AccountRecord<{ id: string }>) => ({ ...shape(record), watched_account: account }),
    OUTPUT_BUDGET_BYTES,
    (entry) => entry.record,
  );
  const result = await pollAccountsOnce({
    feed: event,
    names,
    readFor,
    store: { get: async (key) => fromMarkers(await store.get(key), key), set: store.set },
    maxPages,
    ...(keep ? { keep } : {}),
    budget: { fits: output.fits, more: timeBudget(deadline) },
    shown,
    describe,
  });
  for (const note of result.notes) z.console.log(note);
  const at = Date.now();
  // Zapier takes a poll's items newest first. An account that starts failing starts the Zap
  // once, so the user learns it is not watched; the log says so at every poll while it lasts.
  const items: object[] = [
    ...(result.notice ? [{ id: `notice-${at}`, ...result.notice }] : []),
    ...result.failing.map((failing) => ({ id: `failing-${failing.watched_account}-${at}`, ...failing })),
    ...firstOfEachId([...result.records].reverse().map(output.item)),
  ];
  return items;
}

/**
 * The state of a version that kept one marker per account (the newest tweet id it had seen), as
 * core's watch of many accounts: each marker becomes its account's floor, so an update neither
 * repeats nor skips a tweet.
 */
function fromMarkers(stored: unknown, key: string): unknown {
  if (!stored || typeof stored !== 'object' || 'v' in stored) return stored;
  const markers = Object.entries(stored as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const accounts = Object.fromEntries(
    markers.map(([name, marker]) => [
      name,
      { v: 1, key: `${key}:${name}`, seen: [], floor: marker, complete: false },
    ]),
  );
  return { v: 3, key, accounts };
}

/**
 * Ids one feed's watch keeps in Zapier's cache, below core's own bounds: user feeds 2,000 (the
 * default budget of 10 pages), tweet feeds 500, so that a burst held back and then reported at
 * once (up to this many records, about 1.5 KB a profile and up to 8 KB a tweet) stays within
 * the output budget. A burst past it is counted in a notice, not reported.
 */
function watchIdsOf(event: FeedId): number {
  return isUserFeed(event) ? 2000 : 500;
}

/**
 * Feeds whose items can be added again by someone's act (a re-follow, a re-bookmark), which start
 * the Zap again by an id of their own. For You shows a tweet again at will: no one added it, and
 * Zapier's dedupe keeps it out, as a tweet of a timeline is new once.
 */
const addsAgain = (event: FeedId) =>
  feeds[event].order === 'position' && !isRemovalFeed(event) && event !== 'newForYouTweet';

/**
 * What the editor's "Test trigger" shows (`isLoadingSample`), the watch untouched: the newest
 * page that has records passing the filters (Zapier shows three of them), or for a removal
 * trigger the newest account, as the profile a removal would carry. On many accounts they are
 * the first account's, with `watched_account`, so a later step can map it.
 */
async function editorSample(
  z: ZObject,
  bundle: Bundle,
  client: SocialDataClient,
  event: FeedId,
  deadline: number,
): Promise<object[]> {
  const { endpoint } = feeds[event];
  const shape = shapeFor(endpoint, bundle.inputData.simplify, dehydratorFor(z));
  if (isRemovalFeed(event)) {
    const params = normalizeParams(endpoint, paramsFrom(endpoint, bundle.inputData));
    const newest = await newestRecord(feedPages(client, endpoint, params));
    return newest ? [{ ...shape(newest), account_id: newest.id }] : [];
  }
  const params = paramsFrom(endpoint, bundle.inputData);
  const keep = filterFrom(endpoint, bundle.inputData);
  const open: OpenPaginator = (prefetch) =>
    client.paginateUntyped(endpoint, params, { maxPages: 1, prefetch });
  const { records } = await readWithinStep(open, { shape, maxItems: 1, deadline, keep });
  const [watched] = accountsOf(event, bundle);
  return firstOfEachId(
    records.map((record) =>
      watched === undefined ? asEvent(event, record) : { ...record, watched_account: watched },
    ),
  );
}

/**
 * Every trigger on one feed, on core's watch (`pollOnce`, as the n8n trigger and
 * `social-data watch`), with its state in `z.cache` (decision Z14): each new item once, a burst
 * larger than a poll read across polls, and a notice item when the watch could not be sure, so
 * nothing is lost silently (issue 37). Zapier's own dedupe by `id` stays behind it. What is
 * saved is what is returned: a poll whose items would pass the output budget runs again with
 * fewer pages, and a poll that fails (a timeout) saves nothing, so the next one repeats it.
 *
 * New-item triggers: a first poll (a new Zap, or a Zap made by a version that kept no state)
 * returns what it read, which Zapier's dedupe takes as seen, so nothing that arrived since the
 * last poll of an older version is skipped. Removal triggers (Unfollowed By, Stopped Following,
 * Left a List, Unmuted Account): each item is the lost account's profile with an `id` of its
 * own (`<account id>-<time of the poll>`), so an account that leaves, comes back and leaves
 * again triggers twice.
 */
async function pollOneFeed(
  z: ZObject,
  bundle: Bundle,
  client: SocialDataClient,
  event: FeedId,
  deadline: number,
): Promise<object[]> {
  const { feed, shape, ...setup } = pollSetup(z, bundle, event);
  const removal = isRemovalFeed(event);
  const params = normalizeParams(feed.endpoint, paramsFrom(feed.endpoint, bundle.inputData));
  const output = outputBudget(shape, OUTPUT_BUDGET_BYTES);
  const polled = await pollOnce({
    ...setup,
    feed: event,
    // Pages stop before Zapier's time does; what is left is read by the next poll.
    read: feedPages(client, feed.endpoint, params, deadline),
    params,
    maxIds: watchIdsOf(event),
    // Zapier drops an id it was given before: an account that follows again needs an id of its own.
    ...(addsAgain(event) ? { handedOver: watchIdsOf(event) } : {}),
    fits: output.fits,
    client,
    shape: output.item,
    pagesSetting: maxPagesField(event).label,
  }).catch((error: unknown) => {
    // Even a poll of one page (with a burst proven at once) is over the budget: records this
    // large cannot pass, unless Simplify makes them smaller.
    if (error instanceof RangeError)
      throw tooLargeForOnePoll(event, wantsSimplify(bundle.inputData.simplify));
    throw error;
  });
  for (const note of polled.notes) z.console.log(note);
  const at = Date.now();
  // Zapier takes a poll's items newest first.
  const items: object[] = removal
    ? polled.lost.reverse().map((profile) => {
        const { id } = profile as { id: string };
        return { ...profile, id: `${id}-${at}`, account_id: id };
      })
    : // A first poll's read is returned as far as it fits (the newest); the rest are older still.
      firstOfEachId([
        ...polled.records.reverse().map((record) => asEvent(event, output.item(record), polled.again, at)),
        ...output.leading(polled.startedWith ?? []).map((record) => asEvent(event, output.item(record))),
      ]);
  // A poll that could not be sure starts the Zap once with a notice of its own (decision N29):
  // Zapier's task history shows it, and a Filter step can route on `notice`.
  if (polled.notice) items.unshift({ id: `notice-${at}`, ...polled.notice });
  return items;
}

/**
 * An item of a feed whose items can be added again, with `record_id` and `added_again`: one added
 * again (a re-follow, a re-bookmark) goes by an id Zapier has not seen, `<record id>-<time of the
 * poll>`, or its dedupe would drop it.
 */
function asEvent<T extends object>(
  event: FeedId,
  item: T,
  again: ReadonlySet<string> = new Set(),
  at = 0,
): T | (T & { record_id: string; added_again: boolean }) {
  if (!addsAgain(event)) return item;
  const { id } = item as { id: string };
  const back = again.has(id);
  return { ...item, ...(back ? { id: `${id}-${at}` } : {}), record_id: id, added_again: back };
}

function tooLargeForOnePoll(event: FeedId, simplified: boolean): ValidationError {
  // Simplify shrinks a tweet to the fields most Zaps use; a simplified profile keeps every field.
  const simplify =
    !simplified && !isUserFeed(event)
      ? 'Set Simplify to yes: each tweet is then a fraction of its size. '
      : '';
  return new ValidationError(
    'simplify: the new items of one check are more than a Zapier trigger can return, even read one page at a time.',
    {
      field: 'simplify',
      hint: `${simplify}Nothing was marked as seen, so the next check tries them again.`,
    },
  );
}

/** A sentence's start inside another sentence; names in it (For You, GIFs) keep their capitals. */
const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
/** "an account you unmuted" after "each": "each account you unmuted". */
const withoutArticle = (text: string) => text.replace(/^(?:a|an) /, '');

/**
 * One polling trigger per feed of core's feed catalog. Zapier polls, keeps the ids it has seen
 * and starts the Zap for the rest, so a poll returns up to Max Pages per Poll pages, newest first,
 * as many as it can afford within Zapier's time and size limits (decision Z8), with `id` as the
 * dedupe key. The editor's sample asks for one page only: Zapier shows three records of it.
 * Tweet triggers take the filters; New Tweet and New Reply take more accounts; removal triggers
 * keep state in Zapier's cache (decision Z14).
 */
export const triggers = Object.fromEntries(
  feedIds.map((id) => {
    const feed = feeds[id];
    const endpoint = feed.endpoint;
    const removal = isRemovalFeed(id);
    return [
      id,
      {
        key: id,
        noun: nounOf(endpoint),
        display: {
          label: feed.displayName,
          description: `${
            removal
              ? `Triggers on each ${withoutArticle(lowerFirst(feed.description))}: only removals it is sure of, among the accounts a check reads (when the list is longer than one check reads, a notice says so once).`
              : `Triggers on each new item: ${lowerFirst(feed.description)}.`
          }${catalog[endpoint].mode === 'session' ? ' Uses your session.' : ''}`,
        },
        operation: {
          ...withFields(
            feed.displayName,
            [
              ...paramFields(endpoint),
              ...(takesManyAccounts(id) ? [moreAccountsField] : []),
              ...simplifyInput(endpoint),
              ...filterFields(endpoint, false),
              maxPagesField(id),
            ],
            async (client, bundle, deadline, z) => {
              if (bundle.meta?.isLoadingSample) return editorSample(z, bundle, client, id, deadline);
              if (takesManyAccounts(id) && bundle.inputData.userNames)
                return pollAccountList(z, bundle, client, id, deadline);
              return pollOneFeed(z, bundle, client, id, deadline);
            },
          ),
          // A removal's id is the account's and the time of the check, as a live one: map Account ID onward.
          sample: removal
            ? {
                ...sampleOf(endpoint),
                id: `${sampleOf(endpoint).id}-1700000000000`,
                account_id: sampleOf(endpoint).id,
              }
            : asEvent(id, sampleOf(endpoint)),
          outputFields: [
            recordFieldsOf(endpoint),
            ...(removal ? [{ key: 'account_id', label: 'Account ID', type: 'string' as const }] : []),
            ...(takesManyAccounts(id) ? ACCOUNT_FIELDS : []),
            ...(addsAgain(id) ? AGAIN_FIELDS : []),
            ...NOTICE_FIELDS,
          ],
        },
      },
    ];
  }),
);
