import { accountId } from './ids';
import { between, pick, TAG } from './random';
import { FIRST, LAST } from './words';

/**
 * Accounts the README and the tests name, with follower counts at the page boundaries of user
 * pages (200 per page) and large enough for long Return All runs. Index 0 is "you", the owner
 * of every own-session feed.
 */
export const WELL_KNOWN = [
  { userName: 'sandbox_owner', followers: 150, following: 120, name: 'Sandbox Owner' },
  { userName: 'social_data', followers: 1234, following: 321, name: 'Social Data Demo' },
  { userName: 'no_followers', followers: 0, following: 3, name: 'No Followers' },
  { userName: 'one_follower', followers: 1, following: 1, name: 'One Follower' },
  { userName: 'followers_199', followers: 199, following: 10, name: 'Followers 199' },
  { userName: 'followers_200', followers: 200, following: 10, name: 'Followers 200' },
  { userName: 'followers_201', followers: 201, following: 10, name: 'Followers 201' },
  { userName: 'followers_1k', followers: 1_000, following: 50, name: 'Followers 1k' },
  { userName: 'followers_100k', followers: 100_000, following: 500, name: 'Followers 100k' },
  { userName: 'followers_1m', followers: 1_000_000, following: 900, name: 'Followers 1M' },
  // Just past V8's limit on call arguments (about 120,000 here), which a spread of a Return All
  // once hit, and well past it.
  { userName: 'followers_150k', followers: 150_000, following: 500, name: 'Followers 150k' },
  { userName: 'followers_250k', followers: 250_000, following: 500, name: 'Followers 250k' },
] as const;

export const OWNER = 0;
/** Generated accounts beyond the well-known ones; more than the largest follower list. */
export const POPULATION = 2_000_000;
export const ACCOUNT_COUNT = WELL_KNOWN.length + POPULATION;

const byName = new Map<string, number>(
  WELL_KNOWN.map((account, index) => [account.userName.toLowerCase(), index]),
);

export function generatedName(seed: number, index: number): string {
  return `${pick(FIRST, seed, TAG.name, index)}_${pick(LAST, seed, TAG.name, index, 1)}${index}`;
}

export function userName(seed: number, index: number): string {
  return WELL_KNOWN[index]?.userName ?? generatedName(seed, index);
}

/** The account a screen name belongs to (case-insensitive, as the site treats them). */
export function accountByName(seed: number, name: string): number | undefined {
  const lower = name.toLowerCase();
  const known = byName.get(lower);
  if (known !== undefined) return known;
  const index = Number(/(\d+)$/.exec(lower)?.[1]);
  if (!Number.isSafeInteger(index) || index < WELL_KNOWN.length || index >= ACCOUNT_COUNT) return undefined;
  return generatedName(seed, index).toLowerCase() === lower ? index : undefined;
}

export function accountExists(index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < ACCOUNT_COUNT;
}

export { accountId };

/** Base sizes of an account's feeds before any control-API change. */
export function baseCounts(seed: number, index: number) {
  const known = WELL_KNOWN[index];
  return {
    followers: known?.followers ?? between(seed, TAG.counts, 0, 300, index, 1),
    following: known?.following ?? between(seed, TAG.counts, 0, 400, index, 2),
    tweets: known ? 45 : between(seed, TAG.counts, 10, 60, index, 3),
    replies: known ? 12 : between(seed, TAG.counts, 0, 20, index, 4),
    media: known ? 25 : between(seed, TAG.counts, 1, 30, index, 5),
    mutuals: known ? Math.min(known.followers, 45) : between(seed, TAG.counts, 0, 12, index, 6),
  };
}
