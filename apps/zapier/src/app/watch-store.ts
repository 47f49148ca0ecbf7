import type { Bundle, ZObject } from 'zapier-platform-core';

/** How long Zapier keeps a trigger's state untouched: each poll writes it again. */
const STATE_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Where a trigger that needs memory beyond Zapier's dedupe (removals, an account list) keeps its
 * state: Zapier's cache (`z.cache`), scoped to the user and connection, keyed by the Zap and
 * the trigger's feed and parameters (decision Z14). A Zap that has not polled for 30 days
 * starts quiet again.
 */
export function watchStore(z: ZObject, bundle: Bundle) {
  const zap = bundle.meta?.zap?.id ?? 'no-zap';
  const cacheKey = (key: string) => `social-data-watch:${zap}:${key}`;
  const scope = ['user', 'auth'];
  // Zapier's cache is kept by key and scope together: a state read without the scope it was
  // saved under is never found, and every poll would start the watch over. zapier-platform-core
  // sends a get's scope to Zapier (`zcache_get`), though its typings declare the key alone.
  const cache = z.cache as { get(key: string, scope: string[]): Promise<unknown> };
  return {
    get: async (key: string): Promise<unknown> => (await cache.get(cacheKey(key), scope)) ?? undefined,
    set: async (value: unknown, key: string): Promise<void> => {
      await z.cache.set(cacheKey(key), value ?? null, STATE_TTL_SECONDS, scope);
    },
  };
}
