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

function generatedName(seed: number, index: number): string {
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

/** Range and hash part of each feed size of a generated account. */
const COUNT_RANGES = {
  followers: [0, 300, 1],
  following: [0, 400, 2],
  tweets: [10, 60, 3],
  replies: [0, 20, 4],
  media: [1, 30, 5],
  mutuals: [0, 12, 6],
} as const;

export type CountedFeed = keyof typeof COUNT_RANGES;

type KnownAccount = (typeof WELL_KNOWN)[number];

const KNOWN_COUNTS: Record<CountedFeed, (known: KnownAccount) => number> = {
  followers: (known) => known.followers,
  following: (known) => known.following,
  tweets: () => 45,
  replies: () => 12,
  media: () => 25,
  mutuals: (known) => Math.min(known.followers, 45),
};

/**
 * One base size of an account's feed before any control-API change. One hash, not all six:
 * every user record on a page asks for its follower and following counts.
 */
export function baseCount(seed: number, index: number, feed: CountedFeed): number {
  const known = WELL_KNOWN[index];
  if (known) return KNOWN_COUNTS[feed](known);
  const [min, max, part] = COUNT_RANGES[feed];
  return between(seed, TAG.counts, min, max, index, part);
}
