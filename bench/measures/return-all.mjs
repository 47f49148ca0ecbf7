import { bareFollowers, clientFollowers } from '../lib/clients.mjs';
import { median, sideBySide, timed } from '../lib/timing.mjs';

/** Core's Return All alone (median of 3), for measures that compare with it when Return All did not run. */
export async function coreAloneMs({ sandbox, size }, { account = size.followersAccount, maxPages } = {}) {
  const times = [];
  for (let run = 0; run < 3; run += 1)
    times.push((await timed(() => clientFollowers(sandbox.url, account, { maxPages }))).ms);
  return median(times);
}

/** 1 and 6: Return All through core against a bare fetch loop, and what the sandbox serves. */
export async function measureReturnAll({ sandbox, size }) {
  const account = size.followersAccount;
  const {
    a: bare,
    b: client,
    ratio,
    cpu,
    last,
  } = await sideBySide(
    size.rounds,
    () => bareFollowers(sandbox.url, account),
    () => clientFollowers(sandbox.url, account),
  );
  if (last.a.records !== size.followers || last.b.records !== size.followers)
    throw new Error(`Return All read ${last.a.records} / ${last.b.records} of ${size.followers} followers`);
  const streams = 4;
  const started = performance.now();
  const parallel = await Promise.all(
    Array.from({ length: streams }, () => bareFollowers(sandbox.url, account)),
  );
  const parallelMs = performance.now() - started;
  const parallelPages = parallel.reduce((sum, run) => sum + run.pages, 0);
  return {
    clientMs: client,
    rows: [
      {
        id: 'returnAll',
        measure: `Return All of ${size.followers.toLocaleString('en')} followers (${last.b.pages} pages)`,
        value: client,
        unit: 'ms',
        reference:
          `bare fetch loop ${bare.toFixed(0)} ms (medians of ${size.rounds} pairs; ratio: median of the pairs); ` +
          `CPU in this process: client ${cpu.b.toFixed(0)} ms, bare loop ${cpu.a.toFixed(0)} ms`,
        ratio,
        goal: '≤ 1.05',
        met: ratio <= 1.05,
      },
      {
        id: 'sandbox',
        measure: 'Sandbox: pages served per second',
        value: last.a.pages / (bare / 1000),
        unit: 'pages/s',
        reference: `${streams} clients at once: ${(parallelPages / (parallelMs / 1000)).toFixed(0)} pages/s`,
      },
    ],
  };
}
