import { readdirSync, readFileSync } from 'node:fs';

/**
 * Peak resident memory of the processes whose command line or environment holds `mark` (summed),
 * sampled from /proc every 200 ms until the returned function is called: `--id=<workflow>` finds
 * an `n8n execute`, `N8N_USER_FOLDER=<folder>` a server or worker on that user folder.
 */
export function watchPeakRss(mark: string): () => number {
  let peak = 0;
  const sample = () => {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        const marked =
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(mark) ||
          readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(mark);
        if (!marked) continue;
        const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        total += Number(rss ?? 0) * 1024;
      } catch {
        // The process ended between listing and reading, or is not ours to read.
      }
    }
    peak = Math.max(peak, total);
  };
  sample();
  const timer = setInterval(sample, 200);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}
