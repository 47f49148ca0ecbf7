import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import nock from 'nock';
import { RedirectError } from '@social-data/core';
import type { Transport } from '@social-data/core';
import { fetchTransport } from '@social-data/core/node';
import { startRecorder, startSandbox } from '@social-data/sandbox';
import type { FaultKind, Recorder, Sandbox } from '@social-data/sandbox';

import { sandboxClient } from './support/client';
import { recordFigures } from './support/figures';
import { COOKIE, PROXY, SecretScan, apiKey, textsOf } from './support/secrets';
import { runStep, textsOfStep, zapierError } from './support/zapier';
import type { Kind } from './support/zapier';

/**
 * Issue 25: the key, the cookie and the proxy password go to the Base URL's origin and nowhere
 * else. Every redirect status, to another origin (a recording server on 127.0.0.2) and to the
 * same origin, for a GET, an own-session read and createList, through core on fetch and through
 * the built Zapier app; then an endless body and a gzip bomb against a client in its own process,
 * whose memory is measured.
 */

const STATUSES = [301, 302, 303, 307, 308];
const WHERE: Array<[string, FaultKind]> = [
  ['other origin', 'redirect-other-origin'],
  ['same origin', 'redirect-same-origin'],
];
/** One call of each kind, as core names it and as the Zapier app's step. */
const CALLS: Array<{ endpoint: string; kind: Kind; params: Record<string, string> }> = [
  { endpoint: 'getUser', kind: 'searches', params: { userName: 'social_data' } },
  { endpoint: 'getUserWithSession', kind: 'searches', params: { userName: 'social_data' } },
  { endpoint: 'createList', kind: 'creates', params: { name: 'Redirected list' } },
];
const CASES = WHERE.flatMap(([where, fault]) =>
  STATUSES.flatMap((status) => CALLS.map((call) => ({ where, fault, status, ...call }))),
);
/** Memory a failed hostile read may add to a client (issue 25's bound). */
const RSS_GROWTH_ALLOWED_MB = 50;
const CHILD_TIMEOUT_MS = 30_000;

let sandbox: Sandbox;
let recorder: Recorder;
let keysUsed = 0;
const KEYS = Array.from({ length: CASES.length + 10 }, (_, i) => apiKey(500 + i));
const scan = new SecretScan();
const figures: Record<string, number> = {};

beforeAll(async () => {
  nock.enableNetConnect(/127\.0\.0\.[12]/);
  sandbox = await startSandbox({ keys: KEYS, control: true });
  recorder = await startRecorder();
});

afterAll(async () => {
  recordFigures(__filename, {
    'redirect runs (core and Zapier)': 2 * CASES.length,
    'requests that reached the other origin': recorder.requests.length,
    'requests that followed a same-origin redirect': sandbox.stats.byEndpoint.redirected ?? 0,
    ...figures,
    'texts scanned for secrets': scan.texts,
    'secrets found': scan.found,
  });
  await sandbox.close();
  await recorder.close();
});

afterEach(() => {
  // Nothing may reach the other origin or the page a same-origin redirect points to.
  expect(recorder.requests.map((request) => `${request.method} ${request.url}`)).toEqual([]);
  expect(sandbox.stats.byEndpoint.redirected ?? 0).toBe(0);
});

const header = (fault: FaultKind, status: number) =>
  `${fault};status=${status};to=${recorder.url}/collect?from=${fault}`;

describe('core on fetch', () => {
  it.each(CASES)('$where $status on $endpoint', async ({ fault, status, endpoint, params }) => {
    const base = fetchTransport();
    const transport: Transport = (request) =>
      base({ ...request, headers: { ...request.headers, 'X-Sandbox-Fault': header(fault, status) } });
    const trace = { logs: [] as string[], sleeps: [] as number[] };
    const client = sandboxClient(sandbox.url, KEYS[0]!, 2, trace, transport);
    const lists = sandbox.world.listsCreated;
    const call = client.call as (id: string, params: object) => Promise<unknown>;
    const error = await call.call(client, endpoint, params).catch((e: unknown) => e);
    scan.check([
      ...textsOf(error, `core ${endpoint} ${status}`),
      ...trace.logs.map((text) => ({ where: 'log', text })),
    ]);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status, endpoint });
    expect(trace.sleeps).toEqual([]);
    expect(sandbox.world.listsCreated).toBe(lists);
  });
});

describe("the built Zapier app, through Zapier's own handler", () => {
  it.each(CASES)('$where $status on $endpoint', async ({ fault, status, endpoint, kind, params }) => {
    const key = KEYS[keysUsed++]!;
    sandbox.faults.add({ fault, status, to: `${recorder.url}/collect`, key });
    const lists = sandbox.world.listsCreated;
    const run = await runStep(
      kind,
      endpoint,
      { apiKey: key, baseUrl: sandbox.url, cookie: COOKIE, proxy: PROXY },
      params,
    );
    scan.check(textsOfStep(run, `Zapier ${endpoint} ${status}`));
    expect(zapierError(run.error)).toMatchObject({ name: 'AppError', code: 'RedirectError', status });
    expect(sandbox.world.listsCreated).toBe(lists);
  });
});

describe('a hostile answer, read by a client in its own process', () => {
  const CHILD = join(__dirname, 'support', 'oversized-client.cjs');

  it.each([
    ['a 1 GiB endless body', 'endless-body', 'endless body'],
    ['a gzip bomb of 1 GiB', 'gzip-bomb', 'gzip bomb'],
  ] as const)('%s fails within the timeout, adding under 50 MB', async (_name, fault, label) => {
    const key = KEYS[keysUsed++]!;
    sandbox.faults.add({ fault, key, endpoint: 'getUser' });
    const requests = sandbox.stats.byEndpoint.getUser ?? 0;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [CHILD, sandbox.url, key, String(CHILD_TIMEOUT_MS)],
      { cwd: __dirname, timeout: 2 * CHILD_TIMEOUT_MS },
    );
    const result = JSON.parse(stdout) as {
      before: number;
      peak: number;
      elapsedMs: number;
      name: string;
      message: string;
    };
    const growthMb = (result.peak - result.before) / 1024 ** 2;
    figures[`${label}: client RSS growth (MB, at most)`] = Math.round(growthMb);
    figures[`${label}: time to fail (ms)`] = Math.round(result.elapsedMs);
    expect(result.name).toBe('ResponseTooLargeError');
    expect(result.message).toMatch(/answer to getUser was larger than 8 MiB/);
    expect(result.elapsedMs).toBeLessThan(CHILD_TIMEOUT_MS);
    expect(growthMb).toBeLessThan(RSS_GROWTH_ALLOWED_MB);
    // Not retried as a lost connection: one request.
    expect((sandbox.stats.byEndpoint.getUser ?? 0) - requests).toBe(1);
  });
});
