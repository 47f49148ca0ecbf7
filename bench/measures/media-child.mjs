// Runs in its own process (node --expose-gc) so its resident memory is the client's alone:
// downloads `count` media files of `bytes` each through core's downloadMedia, four at a time,
// hashing each stream as it arrives and keeping nothing, and reports RSS after the first file
// (after a GC), the peak sampled every 10 ms, and the peak when half the files were in.
import { createHash } from 'node:crypto';

const [baseUrl, count, bytes] = process.argv.slice(2).map((value, i) => (i === 0 ? value : Number(value)));
const CONCURRENCY = 4;
const { createClient, fetchMediaTransport, sleep } = await import('../../packages/core/dist/node.js');
const { downloadMedia, mediaTargets } = await import('../../packages/core/dist/media.js');

// The session the sandbox prints for own-session calls: media tweets of a user are one.
const client = createClient({
  apiKey: 'tda_bench_key_0001',
  baseUrl,
  cookie: 'auth_token=sandbox; ct0=sandbox',
  proxy: 'http://user:pass@127.0.0.1:8080',
});
const page = await client.call('getUserMedia', { userName: 'social_data', count: 100 });
const video = page.tweets.flatMap(mediaTargets).find((target) => target.item.type === 'video');
if (!video) throw new Error('no video among the media tweets of social_data');
const { origin, pathname } = new URL(video.item.url);
const folder = pathname.slice(0, pathname.lastIndexOf('/'));
// Distinct files: a tweet id of its own for each, the size asked of the media host.
const targets = Array.from({ length: count }, (_, i) => {
  const tweetId = String(BigInt(video.tweetId) + BigInt(i));
  return {
    tweetId,
    index: 0,
    item: { type: 'video', url: `${origin}${folder}/${tweetId}_0.mp4?bytes=${bytes}` },
  };
});

const options = {
  transport: fetchMediaTransport(),
  sleep,
  redact: client.redact,
  maxBytes: Math.max(bytes, 1024),
};
const consume = async (file) => {
  const hash = createHash('sha256');
  let received = 0;
  for await (const chunk of file.body) {
    received += chunk.byteLength;
    hash.update(chunk);
  }
  if (received !== bytes) throw new Error(`${file.fileName}: ${received} bytes, not ${bytes}`);
  hash.digest();
};

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10);
await downloadMedia(targets[0], consume, options);
global.gc?.();
const baseline = process.memoryUsage.rss();
peak = baseline;
const started = performance.now();
let next = 1;
let downloaded = 1;
let firstHalfPeak = baseline;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < targets.length) {
      await downloadMedia(targets[next++], consume, options);
      downloaded += 1;
      if (downloaded === Math.floor(targets.length / 2)) firstHalfPeak = peak;
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
process.stdout.write(JSON.stringify({ files: downloaded, bytes, baseline, peak, firstHalfPeak, seconds }));
