import http from 'node:http';

import type { StoredExecution } from '@social-data/n8n-harness';

import { CHAIN_ACCOUNTS, followersOf, NODES } from './webhook-workflow';
import type { ChainAccount } from './webhook-workflow';

/** One webhook call: the account to look up, and a tag that finds its execution again. */
export interface Call {
  tag: string;
  account: ChainAccount;
}

export function webhookCalls(batch: string, count: number): Call[] {
  return Array.from({ length: count }, (_, index) => ({
    tag: `${batch}-${index}`,
    account: CHAIN_ACCOUNTS[index % CHAIN_ACCOUNTS.length]!,
  }));
}

/**
 * Makes every call at once; resolves to what n8n answered each with: its HTTP status, or why no
 * answer came (`tag: error`), so one call that failed never hides how the others ended.
 *
 * Each call opens a connection of its own. Through a shared keep-alive pool a call could go out on
 * a connection the server was closing for idleness, and fail with "other side closed" before n8n
 * read it (CI run 27, two busy loops beside it): the sender's race, not n8n's.
 */
export function callAll(url: string, calls: Call[]): Promise<Array<number | string>> {
  return Promise.all(
    calls.map((call) => postJson(url, call).catch((error: Error) => `${call.tag}: ${error.message}`)),
  );
}

/** One POST of `value` as JSON on a connection of its own; resolves to the status n8n answered. */
export function postJson(url: string, value: unknown): Promise<number> {
  const body = JSON.stringify(value);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const ids = (items: Array<Record<string, unknown>> | undefined) =>
  (items ?? []).map((item) => String(item.id));

/** What is wrong with a successful run's output, if anything: the caller's account, all of it. */
function wrongOutput(execution: StoredExecution, call: Call): string | undefined {
  const profile = execution.nodes[NODES.profile]?.[0]?.userName;
  const followers = ids(execution.nodes[NODES.followers]);
  const looked = ids(execution.nodes[NODES.batch]);
  const expected = followersOf(call.account);
  const problems = [
    profile !== call.account && `profile ${String(profile)}`,
    (followers.length !== expected || new Set(followers).size !== expected) &&
      `${followers.length} followers (${new Set(followers).size} unique) instead of ${expected}`,
    looked.slice().sort().join() !== followers.slice().sort().join() &&
      `batch lookup returned ${looked.length} users, not the followers`,
  ].filter(Boolean);
  return problems.length ? `${call.tag} (${call.account}): ${problems.join('; ')}` : undefined;
}

/** How the calls of a batch ended, read from the executions n8n stored. */
export interface BatchOutcome {
  /** The batch's executions, whatever their status. */
  executions: StoredExecution[];
  /** Calls without a successful execution. */
  lost: string[];
  /** Successful executions beyond one per call. */
  duplicates: number;
  /** Executions that ended other than in success (`crashed`, `error`), as `id: status`. */
  unsuccessful: string[];
  wrong: string[];
}

/** A call as a failure message names it: its tag, and how each of its executions ended, if n8n stored any. */
export function howCallEnded(outcome: BatchOutcome, tag: string): string {
  const ended = outcome.executions
    .filter((execution) => tagOf(execution) === tag)
    .map((execution) => `execution ${execution.id}: ${execution.status}`);
  return `${tag} (${ended.length ? ended.join(', ') : 'no execution stored'})`;
}

function tagOf(execution: StoredExecution): string | undefined {
  return (execution.nodes[NODES.webhook]?.[0]?.body as { tag?: string } | undefined)?.tag;
}

export function batchOutcome(stored: StoredExecution[], calls: Call[]): BatchOutcome {
  const byTag = new Map<string, StoredExecution[]>(calls.map((call) => [call.tag, []]));
  for (const execution of stored) byTag.get(tagOf(execution) ?? '')?.push(execution);
  const executions = [...byTag.values()].flat();
  const succeeded = (call: Call) =>
    byTag.get(call.tag)!.filter((execution) => execution.status === 'success');
  return {
    executions,
    lost: calls.filter((call) => succeeded(call).length === 0).map((call) => call.tag),
    duplicates: calls.reduce((sum, call) => sum + Math.max(0, succeeded(call).length - 1), 0),
    unsuccessful: executions
      .filter((execution) => execution.status !== 'success')
      .map((execution) => `${execution.id}: ${execution.status}`),
    wrong: calls.flatMap((call) =>
      succeeded(call).flatMap((execution) => wrongOutput(execution, call) ?? []),
    ),
  };
}
