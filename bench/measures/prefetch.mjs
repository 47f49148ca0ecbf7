import { createHash } from 'node:crypto';

import { benchClient } from '../lib/clients.mjs';
import { BENCH_KEY, startSandboxProcess } from '../lib/sandbox-process.mjs';
import { sideBySide } from '../lib/timing.mjs';

/**
 * What a consumer does with each record, the same on both sides: serialise it and hash it, as an
 * export or a deduplicating sink would. The running checksum proves both saw the same records in
 * the same order, and keeps the work from being optimised away.
 */
function work(record, state) {
  const digest = createHash('sha1').update(JSON.stringify(record)).digest();
  state.checksum = (state.checksum * 31 + digest.readUInt32BE(0)) >>> 0;
  state.records += 1;
}

/** The bare loop's stop rule is the client's (A5), so both read the same pages. */
async function bareLoop(baseUrl, userName, maxPages) {
  const state = { records: 0, checksum: 0, pages: 0 };
  let cursor;
  while (state.pages < maxPages) {
    const url = new URL(`${baseUrl}/social/user/${userName}/followers`);
    url.searchParams.set('count', '200');
    if (cursor) url.searchParams.set('cursor', cursor);
    const response = await fetch(url, { headers: { 'X-API-Key': BENCH_KEY } });
    const { data } = await response.json();
    state.pages += 1;
    for (const record of data.followers) work(record, state);
    cursor = data.next_cursor;
    if (data.followers.length === 0 || !cursor || cursor === '0') break;
  }
  return state;
}

async function coreLoop(baseUrl, userName, maxPages) {
  const state = { records: 0, checksum: 0 };
  const paginator = benchClient(baseUrl).paginate(
    'getUserFollowers',
    { userName },
    { pageSize: 200, maxPages: Number.isFinite(maxPages) ? maxPages : undefined, prefetch: true },
  );
  for await (const record of paginator) work(record, state);
  return { ...state, pages: paginator.pagesFetched };
}

async function compare({ url, latencyMs, account, maxPages, rounds }) {
  const { a, b, ratio, last } = await sideBySide(
    rounds,
    () => bareLoop(url, account, maxPages),
    () => coreLoop(url, account, maxPages),
  );
  if (last.a.records !== last.b.records || last.a.checksum !== last.b.checksum)
    throw new Error(
      `core with prefetch read ${last.b.records} records (checksum ${last.b.checksum}), the bare loop ${last.a.records} (${last.a.checksum})`,
    );
  return {
    id: latencyMs ? 'prefetchLatency' : 'prefetch',
    measure: `Return All with prefetch, ${last.b.records.toLocaleString('en')} followers serialised and hashed${latencyMs ? `, ${latencyMs} ms per request` : ''}`,
    value: b,
    unit: 'ms',
    reference: `bare sequential fetch loop doing the same per-record work ${a.toFixed(0)} ms (${last.a.pages} pages; medians of ${rounds} pairs)`,
    ratio,
    chart: `Prefetch${latencyMs ? `, ${latencyMs} ms latency` : ''}: core ÷ bare loop`,
    goal: '< 1.0',
    met: ratio < 1,
  };
}

/**
 * 8: core's Return All fetching the next page while the consumer works on the current one,
 * against a bare loop that fetches only when it needs the next page. Without latency the sandbox
 * (another process, so another core) makes the next page while this process works; with
 * latency the overlap is a smaller share of each page's time.
 */
export async function measurePrefetch({ sandbox, size }) {
  const account = size.followersAccount;
  const rows = [
    await compare({ url: sandbox.url, latencyMs: 0, account, maxPages: Infinity, rounds: size.rounds }),
  ];
  const slow = await startSandboxProcess({ latencyMs: size.prefetchLatencyMs });
  try {
    rows.push(
      await compare({
        url: slow.url,
        latencyMs: size.prefetchLatencyMs,
        account,
        maxPages: size.prefetchLatencyPages,
        rounds: size.prefetchLatencyRounds,
      }),
    );
  } finally {
    await slow.stop();
  }
  return { rows };
}
