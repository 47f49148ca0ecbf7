import {
  MAX_ACCOUNTS,
  compareIds,
  feedIds,
  feedPages,
  feeds,
  isRemovalFeed,
  newestRecord,
  noticeOf,
  normalizeParams,
  normalizeScreenNameList,
  pollFeed,
  pollPages,
  profilesOf,
  takesManyAccounts,
  watchKey,
} from '@social-data/core';
import type { FeedId, SocialDataClient } from '@social-data/core';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { readBounded } from './bounded-read';
import type { OpenPaginator } from './bounded-read';
import { DEFAULT_TRIGGER_PAGES, maxPagesField, paramFields, paramsFrom, simplifyField } from './fields';
import type { InputField } from './fields';
import { filterFields, filterFrom } from './filters';
import { nounOf, recordFieldsOf, sampleOf, shapeFor } from './records';
import { dehydratorFor } from './media';
import { step } from './step';
import { watchStore } from './watch-store';

/** Each record once, the first time it comes: a feed that moves between two pages repeats one. */
function uniqueById(records: object[]): object[] {
  const seen = new Set<unknown>();
  return records.filter((record) => {
    const id = (record as { id?: unknown }).id;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const moreAccountsField: InputField = {
  key: 'userNames',
  label: 'More Usernames',
  type: 'text',
  required: false,
  helpText: `More accounts to watch in this one trigger, up to ${MAX_ACCOUNTS} with Username, separated by commas or new lines (names, @names or profile URLs). Each item then carries watched_account. An account added later starts quiet; one that fails (not found, suspended) is logged and holds nobody up.`,
};

function maxPagesOf(bundle: Bundle): number {
  return pollPages(bundle.inputData.max_pages, 'max_pages', DEFAULT_TRIGGER_PAGES);
}

/**
 * New Tweet or New Reply on several accounts. Zapier's dedupe alone would emit every old tweet of
 * an account added to the list, so the trigger remembers, per account, the newest tweet id it
 * had when it started watching (in `z.cache`, decision Z14): only tweets above it pass.
 */
async function pollAccountList(
  z: ZObject,
  bundle: Bundle,
  client: SocialDataClient,
  event: FeedId,
  deadline: number,
): Promise<object[]> {
  const endpoint = feeds[event].endpoint;
  const names = normalizeScreenNameList(
    [bundle.inputData.userName, bundle.inputData.userNames].filter(Boolean).join('\n'),
    MAX_ACCOUNTS,
    'userNames',
  );
  const shape = shapeFor(endpoint, bundle.inputData.simplify, dehydratorFor(z));
  const keep = filterFrom(endpoint, bundle.inputData);
  const store = watchStore(z, bundle, watchKey(event, { accounts: 'many' }));
  const before = ((await store.get()) ?? {}) as Record<string, string>;
  const after: Record<string, string> = {};
  const items: { id: string; record: object }[] = [];
  const failures: string[] = [];
  for (const name of names) {
    const params = normalizeParams(endpoint, { userName: name });
    try {
      if (!(name in before)) {
        // Starts quiet: the newest tweet now marks where this account's new tweets begin.
        const newest = await newestRecord(feedPages(client, endpoint, params));
        after[name] = newest?.id ?? '0';
        continue;
      }
      const open: OpenPaginator = (prefetch) =>
        client.paginateUntyped(endpoint, params, { maxPages: maxPagesOf(bundle), prefetch });
      const marker = before[name]!;
      // Every tweet read moves the marker, passed or not: a rejected tweet stays seen.
      let newest = marker;
      const read = await readBounded(open, {
        shape: (record) => ({ ...shape(record), watched_account: name }),
        deadline,
        keep: (record) => {
          const { id } = record as { id: string };
          if (compareIds(id, newest) > 0) newest = id;
          return compareIds(id, marker) > 0 && (keep ? keep(record) : true);
        },
      });
      for (const record of read.records) items.push({ id: (record as { id: string }).id, record });
      after[name] = newest;
    } catch (error) {
      failures.push(name);
      if (name in before) after[name] = before[name]!;
      z.console.log(`@${name} could not be read: ${(error as Error).message}`);
      if (failures.length === names.length) throw error;
    }
  }
  await store.set(after);
  return uniqueById(items.sort((a, b) => compareIds(b.id, a.id)).map((item) => item.record));
}

/**
 * Unfollowed By, Stopped Following, Left a List, Unmuted Account. Zapier keeps no state but the
 * ids it has seen, and a removal is an id that stops appearing, so the feed engine's state lives
 * in `z.cache` (decision Z14). Each item is the lost account's profile with an `id` of its own
 * (`<account id>-<time of the poll>`): an account that leaves, comes back and leaves again
 * triggers twice.
 */
async function pollRemovals(
  z: ZObject,
  bundle: Bundle,
  client: SocialDataClient,
  event: FeedId,
): Promise<object[]> {
  const feed = feeds[event];
  const params = normalizeParams(feed.endpoint, paramsFrom(feed.endpoint, bundle.inputData));
  const read = feedPages(client, feed.endpoint, params);
  const shape = shapeFor(feed.endpoint, bundle.inputData.simplify);
  if (bundle.meta?.isLoadingSample) {
    const newest = await newestRecord(read);
    return newest ? [{ ...shape(newest), account_id: newest.id }] : [];
  }
  const store = watchStore(z, bundle, watchKey(event, params));
  const result = await pollFeed(read, await store.get(), {
    key: watchKey(event, params),
    order: feed.order,
    maxPages: maxPagesOf(bundle),
    removals: true,
    // Zapier's cache takes values of modest size: 2,000 ids is the default budget of 10 pages.
    maxIds: 2000,
  });
  for (const note of result.notes) z.console.log(note);
  const profiles = await profilesOf(client, result.removed);
  await store.set(result.state);
  const polled = Date.now();
  const items: object[] = profiles.map((profile) => ({
    ...('unavailable' in profile ? profile : shape(profile)),
    id: `${profile.id}-${polled}`,
    account_id: profile.id,
  }));
  // A poll that could not be sure starts the Zap once with a notice of its own (decision N29):
  // Zapier's task history shows it, and a Filter step can route on `notice`.
  const notice = noticeOf(result);
  if (notice) items.unshift({ id: `notice-${polled}`, ...notice });
  return items;
}

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
          description: removal
            ? `Triggers when ${feed.description.charAt(0).toLowerCase()}${feed.description.slice(1)}: only removals it is sure of, for lists it can read whole.`
            : `Triggers on each new item: ${feed.description.toLowerCase()}.`,
        },
        operation: {
          inputFields: [
            ...paramFields(endpoint),
            ...(takesManyAccounts(id) ? [moreAccountsField] : []),
            ...simplifyField(endpoint),
            ...filterFields(endpoint, false),
            maxPagesField(),
          ],
          perform: step(async (client, bundle, deadline, z) => {
            if (removal) return pollRemovals(z, bundle, client, id);
            if (takesManyAccounts(id) && bundle.inputData.userNames && !bundle.meta?.isLoadingSample)
              return pollAccountList(z, bundle, client, id, deadline);
            const shape = shapeFor(endpoint, bundle.inputData.simplify, dehydratorFor(z));
            const params = paramsFrom(endpoint, bundle.inputData);
            const keep = filterFrom(endpoint, bundle.inputData);
            const open: OpenPaginator = (prefetch) =>
              client.paginateUntyped(endpoint, params, { maxPages: maxPagesOf(bundle), prefetch });
            const maxItems = bundle.meta?.isLoadingSample ? 1 : undefined;
            return uniqueById((await readBounded(open, { shape, maxItems, deadline, keep })).records);
          }),
          sample: removal ? { ...sampleOf(endpoint), account_id: sampleOf(endpoint).id } : sampleOf(endpoint),
          outputFields: [
            recordFieldsOf(endpoint),
            ...(removal ? [{ key: 'account_id', label: 'Account ID', type: 'string' as const }] : []),
          ],
        },
      },
    ];
  }),
);
