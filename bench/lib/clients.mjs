import { createClient } from '../../packages/core/dist/node.js';
import { BENCH_KEY } from './sandbox-process.mjs';

export function benchClient(baseUrl, options = {}) {
  return createClient({ apiKey: BENCH_KEY, baseUrl, ...options });
}

/**
 * Return All with nothing but fetch: the reference the client is held against. It stops where
 * the client does (A5): an empty page, or a cursor that is empty or "0".
 */
export async function bareFollowers(baseUrl, userName) {
  let cursor;
  let records = 0;
  let pages = 0;
  while (true) {
    const url = new URL(`${baseUrl}/social/user/${userName}/followers`);
    url.searchParams.set('count', '200');
    if (cursor) url.searchParams.set('cursor', cursor);
    const response = await fetch(url, { headers: { 'X-API-Key': BENCH_KEY } });
    const { data } = await response.json();
    pages += 1;
    records += data.followers.length;
    cursor = data.next_cursor;
    if (data.followers.length === 0 || !cursor || cursor === '0') return { records, pages };
  }
}

/** The same Return All through core's paginator. */
export async function clientFollowers(
  baseUrl,
  userName,
  { collectIds = false, maxPages, ...clientOptions } = {},
) {
  const paginator = benchClient(baseUrl, clientOptions).paginate(
    'getUserFollowers',
    { userName },
    { pageSize: 200, maxPages },
  );
  let records = 0;
  const ids = collectIds ? new Set() : undefined;
  for await (const user of paginator) {
    records += 1;
    ids?.add(user.id);
  }
  return { records, pages: paginator.pagesFetched, unique: ids?.size };
}
