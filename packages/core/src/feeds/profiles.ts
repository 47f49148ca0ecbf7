import type { SocialDataClient } from '../client';
import { settleLookup } from '../input/settle-lookup';
import type { User } from '../records/types';

/** An account a removal event names but whose profile could not be had. */
export interface UnavailableAccount {
  id: string;
  /** Deleted or suspended accounts are not found; `lookup_error` says when the lookup failed. */
  unavailable: true;
  lookup_error?: string;
}

/**
 * The profiles of accounts a feed lost, in the order given, looked up by id (100 a request):
 * a removal event carries the account as a follower event does. An account the API no longer
 * has, or whose lookup failed, is still reported, by id: the removal is certain, and the watch
 * has already let go of it. `describe` puts a failed lookup in the host's words.
 */
export async function profilesOf(
  client: Pick<SocialDataClient, 'lookup'>,
  ids: readonly string[],
  describe: (error: Error) => string = (error) => error.message,
): Promise<(User | UnavailableAccount)[]> {
  if (ids.length === 0) return [];
  const params = { userIds: [...ids] };
  const { records, failures } = settleLookup(
    'getUsersByIds',
    params,
    await client.lookup('getUsersByIds', params),
  );
  const found = new Map(records.map((user) => [user.id, user]));
  const failed = new Map<string, string>();
  for (const failure of failures) {
    const told = describe(failure.error);
    for (const id of failure.ids) failed.set(id, told);
  }
  return ids.map((id) => {
    const user = found.get(id);
    if (user) return user;
    const error = failed.get(id);
    return error === undefined ? { id, unavailable: true } : { id, unavailable: true, lookup_error: error };
  });
}
