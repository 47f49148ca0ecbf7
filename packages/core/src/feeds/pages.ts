import { catalog } from '../catalog/endpoints';
import type { PageRecordOf, PaginatedId } from '../catalog/infer';
import type { EndpointSpec } from '../catalog/types';
import type { SocialDataClient, UntypedParams } from '../client';
import { settleLookup } from '../input/settle-lookup';
import type { FeedPage, ReadPages } from './reading';
import { timeBudget } from './time-budget';

/** The last page of an account feed carries a cursor shaped `"0|…"` (decision S3), or none. */
const deadCursor = /^(0(\|.*)?)?$/;

/**
 * How a trigger reads a feed through the client, one page per request. Unlike a Return All run
 * it must tell the end of a feed from a page that only looks like one: a cursor the API already
 * gave (a stall), or an empty account page that still carries a live cursor (followed), is not
 * the end, so the engine keeps what it knew below instead of taking everything unseen for gone.
 * The parameters come from a trigger's form and are checked when the first page is asked for.
 * With a `deadline` (a host's time for the poll, in `Date.now()` time), another page is read only
 * while one as slow as the slowest so far still ends before it; what is left is read by the next
 * poll, as a spent page budget's is.
 */
export function feedPages<Id extends PaginatedId>(
  client: Pick<SocialDataClient, 'paginateUntyped' | 'lookup' | 'callUntyped'>,
  endpoint: Id,
  params: UntypedParams,
  deadline?: number,
): ReadPages<PageRecordOf<Id>> {
  const spec: EndpointSpec = catalog[endpoint];
  const accounts = spec.result.kind === 'userPage';
  const { counter } = spec;
  /** Records by id, for the items of a burst a position feed held back until it was proven. */
  const lookup = async (ids: readonly string[]): Promise<PageRecordOf<Id>[]> => {
    const found = accounts
      ? settleLookup(
          'getUsersByIds',
          { userIds: ids },
          await client.lookup('getUsersByIds', { userIds: [...ids] }),
        )
      : settleLookup(
          'lookupTweets',
          { tweet_ids: ids },
          await client.lookup('lookupTweets', { tweet_ids: [...ids] }),
        );
    // An item the API no longer has is not reported; any other failure fails the poll, which
    // leaves the stored state as it was, so the next poll looks them up again.
    if (found.failures[0]) throw found.failures[0].error;
    return found.records as PageRecordOf<Id>[];
  };
  const more = deadline === undefined ? {} : { more: timeBudget(deadline) };
  if (!counter) return Object.assign(read, { lookup }, more);
  // The account's own count of this list, for the counter audit.
  const count = async () => (await listSize(client, endpoint, params))?.size;
  return Object.assign(read, { lookup, count }, more);
  async function* read(start: string | undefined): AsyncGenerator<FeedPage<PageRecordOf<Id>>> {
    const given = new Set<string>(start ? [start] : []);
    let cursor = start;
    while (true) {
      const run = client.paginateUntyped(endpoint, params, { startCursor: cursor, maxPages: 1 });
      let page;
      for await (const only of run.pages()) page = only;
      if (!page) return;
      const next = page.next_cursor.trim();
      if (page.blankCursor) {
        yield { ...page, has_next_page: false, stalled: true };
        return;
      }
      const repeated = run.stopReason === 'repeatedCursor' || given.has(next);
      const emptyButLive = accounts && page.records.length === 0 && !deadCursor.test(next);
      const claimsMore = page.has_next_page || run.stopReason === 'repeatedCursor' || emptyButLive;
      if (!claimsMore) {
        yield { ...page, has_next_page: false };
        return;
      }
      if (repeated) {
        yield { ...page, has_next_page: false, stalled: true };
        return;
      }
      given.add(next);
      cursor = next;
      yield { ...page, has_next_page: true };
    }
  }
}

/**
 * What the account's profile says a list holds before its first page is read (its followers,
 * its following; the catalog's `counter`), with the account's name as the profile gives it: one
 * lookup of the account. Undefined for a feed without such a count, or a profile without it.
 */
export async function listSize(
  client: Pick<SocialDataClient, 'callUntyped'>,
  endpoint: PaginatedId,
  params: UntypedParams,
): Promise<{ size: number; userName: string } | undefined> {
  const { counter } = catalog[endpoint] as EndpointSpec;
  if (!counter) return undefined;
  const owner = await client.callUntyped('getUser', { userName: params.userName });
  const size = owner[counter];
  return Number.isSafeInteger(size) && size >= 0 ? { size, userName: owner.userName } : undefined;
}
