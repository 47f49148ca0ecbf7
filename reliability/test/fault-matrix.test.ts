import { performance } from 'node:perf_hooks';
import nock from 'nock';
import { SocialDataError } from '@social-data/core';
import { fetchTransport } from '@social-data/core/node';
import { startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';
import { waitFor } from '@social-data/test-support';

import {
  FAULT_KINDS,
  MAX_RETRIES,
  RETRY_AFTER_S,
  SLOW_MS,
  TIMEOUT_MS,
  expectedOutcome,
  faultyTransport,
} from './support/faults';
import type { Expected, FaultKind, Persistence } from './support/faults';
import { sandboxClient } from './support/client';
import type { Traced } from './support/client';
import { recordFigures } from './support/figures';
import { SecretScan, apiKey, textsOf } from './support/secrets';
import { SHAPES } from './support/shapes';
import type { Outcome, Shape } from './support/shapes';

/**
 * Every sandbox fault against every result shape, through core on Node's fetch: once (a retry
 * or the next page cures it) and on every request. Each run either gives the fault-free result
 * or fails with the documented class and a hint; none outlives its timeout budget.
 */

const KEY = apiKey(0);
const PERSISTENCES: Persistence[] = ['once', 'always'];
let sandbox: Sandbox;
const baselines = new Map<string, Outcome & { requests: number }>();
const scan = new SecretScan();
const tally = { runs: 0, items: 0, longestMs: 0, creates: 0, sentTwice: 0, faults: new Set<FaultKind>() };

const requestsTo = (shape: Shape) => sandbox.stats.byEndpoint[shape.endpoint] ?? 0;

beforeAll(async () => {
  nock.enableNetConnect('127.0.0.1');
  sandbox = await startSandbox({ keys: [KEY], control: true });
  for (const shape of SHAPES) {
    const before = requestsTo(shape);
    const outcome = await shape.run(sandboxClient(sandbox.url, KEY, MAX_RETRIES, { logs: [], sleeps: [] }));
    baselines.set(shape.name, { ...outcome, requests: requestsTo(shape) - before });
  }
});

afterAll(async () => {
  recordFigures(__filename, {
    'faults tried': tally.faults.size,
    'result shapes': SHAPES.length,
    'fault runs': tally.runs,
    'longest fault run (ms)': Math.round(tally.longestMs),
    'requests made': sandbox.stats.requests,
    'items checked': tally.items,
    'createList calls under faults': tally.creates,
    'createList sent twice after a timeout, 5xx or reset': tally.sentTwice,
    'texts scanned for secrets': scan.texts,
    'secrets found': scan.found,
  });
  await sandbox.close();
});

function checkError(error: unknown, shape: Shape, expected: Extract<Expected, { kind: 'error' }>) {
  expect(error).toBeInstanceOf(SocialDataError);
  const failure = error as SocialDataError & { status?: number };
  expect({
    name: failure.name,
    endpoint: failure.endpoint,
    status: failure.status,
    hint: failure.hint,
  }).toEqual({
    name: expected.name,
    endpoint: shape.endpoint,
    status: expected.status,
    hint: expected.hint,
  });
  // The message says what happened and where; the hint says what to do.
  expect(failure.message).toContain(shape.endpoint);
  expect(failure.message).not.toMatch(/undefined|\[object Object\]/);
}

/** One run: the fault on one shape, checked against the fault-free run; throws what is wrong. */
async function runAndCheck(shape: Shape, fault: FaultKind, persistence: Persistence): Promise<void> {
  const expected = expectedOutcome(fault, shape, persistence);
  const baseline = baselines.get(shape.name)!;
  const { logs, sleeps }: Traced = { logs: [], sleeps: [] };
  const transport = faultyTransport(fetchTransport(), fault, shape.faultFrom, persistence);
  const client = sandboxClient(sandbox.url, KEY, MAX_RETRIES, { logs, sleeps }, transport);
  const requestsBefore = requestsTo(shape);
  const listsBefore = sandbox.world.listsCreated;

  const started = performance.now();
  const settled = await shape.run(client).then(
    (outcome) => ({ outcome, error: undefined }),
    (error: unknown) => ({ outcome: undefined, error }),
  );
  const elapsed = performance.now() - started;
  // The sandbox still answers a slow create after the client gave up, and creates the list.
  if (fault === 'slow' && shape.endpoint === 'createList')
    await waitFor(() => sandbox.world.listsCreated > listsBefore, 2 * SLOW_MS, 25);
  // Batches still in flight when another failed reach the sandbox a moment later.
  if (shape.endpoint === 'getUsersByIds') await new Promise((resolve) => setTimeout(resolve, 50));
  const requests = requestsTo(shape) - requestsBefore;

  scan.check([
    ...textsOf(settled.error, `${shape.name} × ${fault} ${persistence}: the error`),
    ...textsOf(settled.outcome, `${shape.name} × ${fault} ${persistence}: the result`),
    ...logs.map((text, line) => ({
      where: `${shape.name} × ${fault} ${persistence}: log line ${line + 1}`,
      text,
    })),
  ]);
  tally.runs += 1;
  tally.faults.add(fault);
  tally.longestMs = Math.max(tally.longestMs, elapsed);

  // Nothing hangs: every attempt ends by its timeout, and waits are bounded (and not slept here).
  // One timeout of slack, not a fixed margin: a busy machine slows every request.
  expect(elapsed).toBeLessThan((baseline.requests + MAX_RETRIES + 1) * TIMEOUT_MS);
  for (const ms of sleeps) {
    if (fault === 'rate-limit') expect(ms).toBe(RETRY_AFTER_S * 1000);
    else expect(ms).toBeLessThanOrEqual(fault === 'rate-limit-date' ? RETRY_AFTER_S * 1000 : 8_000);
  }

  if (expected.kind === 'error') {
    checkError(settled.error, shape, expected);
    if (expected.requests !== undefined) expect(requests).toBe(expected.requests);
    else expect(requests).toBeLessThanOrEqual(baseline.requests * (MAX_RETRIES + 1));
  } else {
    if (settled.error) throw settled.error;
    const outcome = settled.outcome!;
    if (expected.kind === 'same') {
      expect(requests).toBe(baseline.requests + expected.extraRequests);
      expect(outcome.stopReason).toBe(baseline.stopReason);
      if (shape.repeatable) expect(outcome.records).toEqual(baseline.records);
      else expect(outcome.records).toEqual([{ list_id: expect.stringMatching(/^\d+$/) }]);
    } else {
      const kept = baseline.pageSizes.slice(0, expected.pages).reduce((sum, size) => sum + size, 0);
      expect({ requests, stopReason: outcome.stopReason }).toEqual({
        requests: expected.requests,
        stopReason: expected.stopReason,
      });
      expect(outcome.records).toEqual(baseline.records.slice(0, kept));
    }
    tally.items += outcome.records.length;
  }

  if (shape.endpoint === 'createList') {
    // The sandbox counts creations: one call makes one list at most, even when the client saw
    // a timeout (the slow answer still created it), and no call is sent twice but after a 429.
    const created = sandbox.world.listsCreated - listsBefore;
    tally.creates += 1;
    if (requests > 1 && !fault.startsWith('rate-limit')) tally.sentTwice += 1;
    expect(created).toBe(expected.kind !== 'error' || fault === 'slow' ? 1 : 0);
  }
}

// The shapes run side by side, each on its own endpoint, so the sandbox's count per endpoint is
// each run's own; a slow fault then costs the test one run's time, not five.
describe.each(FAULT_KINDS)('%s', (fault) => {
  it.each(PERSISTENCES)('%s: every result shape', async (persistence) => {
    const failures: string[] = [];
    await Promise.all(
      SHAPES.map((shape) =>
        runAndCheck(shape, fault, persistence).catch((error: Error) =>
          failures.push(`${shape.name} (${shape.endpoint}): ${error.message}`),
        ),
      ),
    );
    expect(failures).toEqual([]);
  });
});
