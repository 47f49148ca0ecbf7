import { DEFAULT_CONCURRENCY } from '../../packages/core/dist/index.js';
import { accountId, startSandbox } from '../../apps/sandbox/dist/index.js';
import { benchClient } from '../lib/clients.mjs';
import { startSandboxProcess } from '../lib/sandbox-process.mjs';
import { timed } from '../lib/timing.mjs';

export const LATENCY_MS = 20;

/** Real tweet ids of the sandbox's world (same seed), taken from many accounts' timelines. */
async function tweetIds(count) {
  const world = await startSandbox({ port: 0 });
  try {
    const ids = [];
    for (let account = 20; ids.length < count; account += 1) {
      ids.push(
        ...world.world
          .accountTweets(account, 'tweets')
          .slice(0, 40)
          .map((tweet) => tweet.id),
      );
    }
    return ids.slice(0, count);
  } finally {
    await world.close();
  }
}

/** 3: batch lookups of many ids, one request at a time against the default concurrency. */
export async function measureBatch({ size }) {
  const sandbox = await startSandboxProcess({ latencyMs: LATENCY_MS });
  try {
    const lookups = [
      ['getUsersByIds', 'userIds', Array.from({ length: size.batchIds }, (_, index) => accountId(index + 1))],
      ['lookupTweets', 'tweet_ids', await tweetIds(size.batchIds)],
    ];
    const rows = [];
    for (const [id, param, ids] of lookups) {
      const sequential = await timed(() =>
        benchClient(sandbox.url, { concurrency: 1 }).call(id, { [param]: ids }),
      );
      const concurrent = await timed(() => benchClient(sandbox.url).call(id, { [param]: ids }));
      if (sequential.result.length !== ids.length || concurrent.result.length !== ids.length)
        throw new Error(`${id} found ${concurrent.result.length} of ${ids.length} ids`);
      rows.push({
        id: `batch-${id}`,
        measure: `${id}: ${ids.length.toLocaleString('en')} ids, ${LATENCY_MS} ms per request, ${DEFAULT_CONCURRENCY} at a time`,
        value: concurrent.ms,
        unit: 'ms',
        reference: `one at a time ${sequential.ms.toFixed(0)} ms`,
        ratio: sequential.ms / concurrent.ms,
        ratioLabel: 'speed-up',
      });
    }
    return { rows };
  } finally {
    await sandbox.stop();
  }
}
