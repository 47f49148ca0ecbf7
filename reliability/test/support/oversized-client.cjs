// One client in a process of its own, so its resident memory is the client's alone: it warms
// up on one endpoint, then calls getUser, whose answer the parent has made hostile, and prints
// what that cost. Peak RSS is sampled every few milliseconds during the call: the kernel's own
// high-water mark (resourceUsage().maxRSS) is carried over from the forking parent on Linux, so
// it reported the jest worker's 14 GB once. Arguments: base URL, API key, timeout in ms.
const { createClient } = require('@social-data/core/node');

const [baseUrl, apiKey, timeoutMs] = process.argv.slice(2);

async function main() {
  const client = createClient({
    baseUrl,
    apiKey,
    timeoutMs: Number(timeoutMs),
    sleep: async () => {},
  });
  await client.call('getUserFollowers', { userName: 'social_data' });
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 2);
  const started = performance.now();
  const error = await client.call('getUser', { userName: 'social_data' }).then(
    () => undefined,
    (failure) => failure,
  );
  const elapsedMs = performance.now() - started;
  clearInterval(sampler);
  sample();
  process.stdout.write(
    JSON.stringify({ before, peak, elapsedMs, name: error?.name, message: error?.message }),
  );
}

main().catch((error) => {
  process.stderr.write(String(error));
  process.exit(1);
});
