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
  return {
    get: async (key: string): Promise<unknown> => (await z.cache.get(cacheKey(key))) ?? undefined,
    set: async (value: unknown, key: string): Promise<void> => {
      await z.cache.set(cacheKey(key), value ?? null, STATE_TTL_SECONDS, scope);
    },
  };
}
