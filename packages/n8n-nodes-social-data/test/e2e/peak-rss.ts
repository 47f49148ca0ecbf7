import { readdirSync, readFileSync } from 'node:fs';

/**
 * Peak resident memory of the `n8n execute` process of a workflow (its children included), sampled
 * from /proc every 200 ms until the returned function is called.
 */
export function watchPeakRss(workflowId: string): () => number {
  let peak = 0;
  const sample = () => {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (!command.includes(`--id=${workflowId}`)) continue;
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        total += Number(rss ?? 0) * 1024;
      } catch {
        // The process ended between listing and reading.
      }
    }
    peak = Math.max(peak, total);
  };
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    return peak;
  };
}
