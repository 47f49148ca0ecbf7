#!/usr/bin/env node
// Measures the sandbox on loopback: tweet pages and user pages per second under concurrent
// keep-alive clients, and resident memory while a client pages through the 1,000,000-follower
// account. Bounded in time and requests; prints figures, asserts nothing.
import { createClient } from '@social-data/core/node';
import { startSandbox } from '../dist/index.js';

const seconds = Number(process.env.MEASURE_SECONDS ?? 5);
const concurrency = Number(process.env.MEASURE_CONCURRENCY ?? 16);
const followerLimit = Number(process.env.MEASURE_FOLLOWERS ?? 1_000_000);
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

const sandbox = await startSandbox({ port: 0 });
const headers = { 'x-api-key': sandbox.keys[0] };

async function load(path) {
  const deadline = Date.now() + seconds * 1000;
  let pages = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const response = await fetch(`${sandbox.url}${path}`, { headers });
        await response.arrayBuffer();
        if (response.ok) pages += 1;
        else failures += 1;
      }
    }),
  );
  return { perSecond: Math.round(pages / seconds), failures };
}

console.log(
  `sandbox on ${sandbox.url}, Node ${process.version}, ${concurrency} clients for ${seconds} s each`,
);
const tweets = await load('/social/user/social_data/tweets');
console.log(`tweet pages (20 tweets): ${tweets.perSecond}/s, failures ${tweets.failures}`);
const users = await load('/social/user/followers_1m/followers');
console.log(`user pages (200 users): ${users.perSecond}/s, failures ${users.failures}`);

globalThis.gc?.();
const client = createClient({ baseUrl: sandbox.url, apiKey: sandbox.keys[0] });
const before = process.memoryUsage().rss;
let peak = before;
let count = 0;
const started = Date.now();
const run = client.paginate('getUserFollowers', { userName: 'followers_1m' }, { limit: followerLimit });
for await (const _user of run) {
  count += 1;
  if (count % 20_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
}
const elapsed = (Date.now() - started) / 1000;
console.log(
  `paged ${count} followers of followers_1m in ${elapsed.toFixed(1)} s (${Math.round(count / elapsed)} users/s, ${run.pagesFetched} pages); ` +
    `RSS ${mb(before)} MB before, peak ${mb(peak)} MB (growth ${mb(peak - before)} MB)`,
);
await sandbox.close();
