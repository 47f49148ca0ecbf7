import { ACCOUNT_COUNT, POPULATION, WELL_KNOWN } from './accounts';
import { hash } from './random';

/**
 * Who follows whom, who is in which list: the k-th member of a group is a generated account
 * picked by a bijection of k (k * STRIDE + shift, modulo the population), so members are distinct
 * and the position of any account in any group can be computed back without an index.
 */
const STRIDE = 7919;

function inverse(a: number, m: number): number {
  let [oldR, r] = [a, m];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return ((oldS % m) + m) % m;
}

const INVERSE = inverse(STRIDE, POPULATION);
const FIRST_GENERATED = WELL_KNOWN.length;

export type GroupRole =
  | 'followers'
  | 'following'
  | 'mutuals'
  | 'listMembers'
  | 'listSubscribers'
  | 'communityMembers'
  | 'muted'
  | 'bookmarks'
  | 'forYou';
const ROLE_TAG: Record<GroupRole, number> = {
  followers: 101,
  following: 102,
  mutuals: 103,
  listMembers: 104,
  listSubscribers: 105,
  communityMembers: 106,
  muted: 107,
  bookmarks: 108,
  forYou: 109,
};

export interface Group {
  /** The k-th member's account index. */
  at(k: number): number;
  /** The position of an account in the group's base order, if it is within `length`. */
  positionOf(account: number): number | undefined;
  readonly length: number;
}

export function group(seed: number, role: GroupRole, owner: number, length: number): Group {
  const shift = hash(seed, ROLE_TAG[role], owner) % POPULATION;
  return {
    length,
    at: (k) => FIRST_GENERATED + ((k * STRIDE + shift) % POPULATION),
    positionOf: (account) => {
      if (account < FIRST_GENERATED || account >= ACCOUNT_COUNT) return undefined;
      const k = Number(
        (BigInt(account - FIRST_GENERATED - shift + POPULATION) * BigInt(INVERSE)) % BigInt(POPULATION),
      );
      return k < length ? k : undefined;
    },
  };
}
