// Preloaded with `node --import` into a measured child. Samples its RSS every 50 ms; the baseline
// is the RSS once the output file (BENCH_OUTPUT) holds the first page, as the memory measure takes
// it after the first page, so module loading and connection setup are not counted as growth. At
// exit it writes the baseline and the peak (getrusage's maxRSS) to BENCH_RSS_FILE.
import { existsSync, statSync, writeFileSync } from 'node:fs';

let baseline;
const output = process.env.BENCH_OUTPUT;
const timer = setInterval(() => {
  if (baseline !== undefined) return clearInterval(timer);
  for (const path of [output, `${output}.partial`])
    if (existsSync(path) && statSync(path).size > 0) baseline = process.memoryUsage.rss();
}, 50);
timer.unref();
process.on('exit', () => {
  const peak = process.resourceUsage().maxRSS * 1024;
  writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({ baseline: baseline ?? peak, peak }));
});
