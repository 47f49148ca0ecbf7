/** Wall time and this process's CPU time of `run` in milliseconds, with its result. */
export async function timed(run) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, result };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs `a` and `b` in pairs, `rounds` times after one warm-up pair, swapping which goes first, and
 * reports the median of each and the median of the per-pair ratios b/a: on a small shared machine
 * the pairs see the same load, so their ratio is steadier than a ratio of medians. `results`
 * holds what each round's runs returned, `last` the last round's.
 */
export async function sideBySide(rounds, a, b) {
  await a();
  await b();
  const times = { a: [], b: [] };
  const cpu = { a: [], b: [] };
  const ratios = [];
  const results = { a: [], b: [] };
  for (let round = 0; round < rounds; round += 1) {
    const [first, second] = round % 2 ? [b, a] : [a, b];
    const one = await timed(first);
    const two = await timed(second);
    const [ta, tb] = round % 2 ? [two, one] : [one, two];
    times.a.push(ta.ms);
    times.b.push(tb.ms);
    cpu.a.push(ta.cpuMs);
    cpu.b.push(tb.cpuMs);
    ratios.push(tb.ms / ta.ms);
    results.a.push(ta.result);
    results.b.push(tb.result);
  }
  return {
    a: median(times.a),
    b: median(times.b),
    cpu: { a: median(cpu.a), b: median(cpu.b) },
    ratio: median(ratios),
    results,
    last: { a: results.a.at(-1), b: results.b.at(-1) },
  };
}
