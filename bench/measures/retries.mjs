import { clientFollowers } from '../lib/clients.mjs';
import { startSandboxProcess } from '../lib/sandbox-process.mjs';
import { timed } from '../lib/timing.mjs';

const FAULT_RATE = 0.05;

/** 7: Return All while 5% of requests answer 429 (Retry-After: 0) or 503, against a clean run. */
export async function measureRetries({ size }) {
  const sandbox = await startSandboxProcess({ control: true });
  try {
    const account = size.followersAccount;
    const clean = await timed(() => clientFollowers(sandbox.url, account, { collectIds: true }));
    for (const fault of ['rate-limit', 'error-503'])
      await sandbox.control('/faults', {
        fault,
        rate: FAULT_RATE / 2,
        retryAfter: 0,
        endpoint: 'getUserFollowers',
      });
    const before = (await sandbox.control('/stats', undefined, 'GET')).faultsInjected;
    const faulty = await timed(() =>
      clientFollowers(sandbox.url, account, { collectIds: true, maxRetries: 5 }),
    );
    const injected = (await sandbox.control('/stats', undefined, 'GET')).faultsInjected - before;
    const unique = faulty.result.unique;
    if (unique !== size.followers) throw new Error(`the run with faults returned ${unique} unique users`);
    return {
      rows: [
        {
          id: 'retries',
          measure: `Return All with ${FAULT_RATE * 100}% of requests failing (429 Retry-After: 0, or 503): ${injected} faults`,
          value: faulty.ms,
          unit: 'ms',
          reference: `clean run ${clean.ms.toFixed(0)} ms; ${unique.toLocaleString('en')} unique users, none lost or repeated`,
          ratio: faulty.ms / clean.ms,
        },
      ],
    };
  } finally {
    await sandbox.stop();
  }
}
