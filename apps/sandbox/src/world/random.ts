/**
 * Stateless randomness: every value is a hash of (seed, tag, numbers), so any record can be
 * computed on its own, in any order, without keeping the world in memory.
 */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

export function hash(seed: number, tag: number, ...parts: number[]): number {
  return hashOf(seed, tag, parts);
}

/** `hash` over a list the caller already holds, so helpers pass their parts on without a spread. */
function hashOf(seed: number, tag: number, parts: readonly number[]): number {
  let h = mix(seed ^ Math.imul(tag + 1, 0x9e3779b1));
  for (const part of parts) {
    h = mix(h ^ mix(part >>> 0) ^ Math.imul(Math.floor(part / 2 ** 32), 0x85ebca6b));
  }
  return h;
}

/** A number in [0, 1). */
export function unit(seed: number, tag: number, ...parts: number[]): number {
  return hashOf(seed, tag, parts) / 2 ** 32;
}

/** An integer in [min, max]. */
export function between(seed: number, tag: number, min: number, max: number, ...parts: number[]): number {
  return min + Math.floor((hashOf(seed, tag, parts) / 2 ** 32) * (max - min + 1));
}

export function pick<T>(items: readonly T[], seed: number, tag: number, ...parts: number[]): T {
  return items[hashOf(seed, tag, parts) % items.length] as T;
}

/** Tags keep the streams of different properties apart. */
export const TAG = {
  name: 1,
  bio: 2,
  location: 3,
  counts: 4,
  flags: 5,
  created: 6,
  text: 7,
  media: 8,
  views: 9,
  likes: 10,
  order: 11,
  gap: 12,
  url: 13,
} as const;
