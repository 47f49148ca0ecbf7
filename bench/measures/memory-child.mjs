// Runs in its own process (node --expose-gc) so its resident memory is the client's alone:
// iterates a feed, keeping the records or not, and reports RSS after the first page, at the peak
// of the first half of the run and at the overall peak (sampled after a GC every 25 pages).
const [baseUrl, userName, keep] = process.argv.slice(2);
let baseline;
let peak = 0;
const samples = [];
const sample = (records) => {
  global.gc?.();
  const rss = process.memoryUsage.rss();
  baseline ??= rss;
  peak = Math.max(peak, rss);
  samples.push([records, rss]);
};
const kept = [];
const { createClient } = await import('../../packages/core/dist/node.js');
const paginator = createClient({ apiKey: 'tda_bench_key_0001', baseUrl }).paginate(
  'getUserFollowers',
  { userName },
  { pageSize: 200 },
);
let records = 0;
for await (const page of paginator.pages()) {
  records += page.records.length;
  if (keep === 'keep') kept.push(...page.records);
  if (paginator.pagesFetched === 1 || paginator.pagesFetched % 25 === 0) sample(records);
}
sample(records);
// Flat means the second half of the run adds nothing to what the first half reached.
const half = samples.filter(([count]) => count <= records / 2);
const firstHalfPeak = Math.max(...half.map(([, rss]) => rss));
process.stdout.write(JSON.stringify({ records, kept: kept.length, baseline, peak, firstHalfPeak }));
