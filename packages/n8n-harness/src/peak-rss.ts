import { readdirSync, readFileSync } from 'node:fs';

/**
 * Peak resident memory of the processes whose command line or environment holds every one of
 * `marks` (summed), sampled from /proc every 200 ms until the returned function is called:
 * `N8N_USER_FOLDER=<folder>` finds the processes of one n8n (`user folder` of N8nInstance), and
 * `--id=<workflow>` with it an `n8n execute` of that workflow. Mark the folder: two suites side by
 * side run workflows of the same id, and a mark of the id alone summed both (CI's e2e runs).
 */
export function watchPeakRss(...marks: string[]): () => number {
  let peak = 0;
  const sample = () => {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        if (!marks.every((mark) => command.includes(mark) || environment.includes(mark))) continue;
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
