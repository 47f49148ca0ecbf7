import { catalog, IDS_PER_REQUEST } from '@social-data/core';
import { connections, node, socialDataNode, workflow } from '@social-data/n8n-harness';
import type { CredentialRef } from '@social-data/n8n-harness';
import { WELL_KNOWN } from '@social-data/sandbox';

export const CHAIN_WORKFLOW_ID = 'sdQueueChain0001';
const PATH = 'social-data-chain';

/** Accounts just below and above a page of followers, so Return All reads one page and then two. */
export const CHAIN_ACCOUNTS = ['followers_199', 'followers_201'] as const;
export type ChainAccount = (typeof CHAIN_ACCOUNTS)[number];

export const NODES = {
  webhook: 'Webhook',
  profile: 'Get Profile',
  followers: 'All Followers',
  batch: 'Look Up in Batches',
} as const;

export function followersOf(account: ChainAccount): number {
  return WELL_KNOWN.find((known) => known.userName === account)!.followers;
}

/**
 * Requests one run for `account` makes: the profile, the profile again for Return All's size
 * check of a followers read (decision N18), every followers page plus the empty page behind the
 * last page's `0|…` cursor (decision S3), and the batch lookups of 100 ids each.
 */
export function requestsPerRun(account: ChainAccount): Record<string, number> {
  const followers = followersOf(account);
  return {
    getUser: 2,
    getUserFollowers: Math.ceil(followers / catalog.getUserFollowers.count!.default!) + 1,
    getUsersByIds: Math.ceil(followers / IDS_PER_REQUEST),
  };
}

/** What the sandbox should see for a set of runs, endpoint by endpoint. */
export function expectedRequests(accounts: ChainAccount[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const account of accounts)
    for (const [endpoint, count] of Object.entries(requestsPerRun(account)))
      totals[endpoint] = (totals[endpoint] ?? 0) + count;
  return totals;
}

/**
 * The chain lookups example, started by a webhook instead of by hand: the profile of the account
 * the caller names, all its followers (Return All), then one batch lookup of exactly those ids.
 * The webhook answers at once, so the calls pile up in the queue for the workers.
 */
export function chainWorkflow(credential: CredentialRef) {
  const socialData = (name: string, x: number, parameters: Record<string, unknown>) =>
    socialDataNode(name, [x, 0], { resource: 'user', ...parameters }, { socialDataApi: credential });
  return workflow(
    CHAIN_WORKFLOW_ID,
    'Social Data: chain lookups on every webhook call',
    [
      node(
        NODES.webhook,
        'n8n-nodes-base.webhook',
        2,
        [0, 0],
        { httpMethod: 'POST', path: PATH, responseMode: 'onReceived', options: {} },
        { webhookId: '5d0c1b7e-3f42-4c8e-9a61-0e2f7b9d4a10' },
      ),
      socialData(NODES.profile, 220, {
        operation: 'getUser',
        userName: { __rl: true, mode: 'username', value: '={{ $json.body.account }}' },
      }),
      socialData(NODES.followers, 440, {
        operation: 'getUserFollowers',
        userName: { __rl: true, mode: 'username', value: '={{ $json.userName }}' },
        returnAll: true,
      }),
      node('Collect IDs', 'n8n-nodes-base.aggregate', 1, [660, 0], {
        fieldsToAggregate: {
          fieldToAggregate: [{ fieldToAggregate: 'id', renameField: true, outputFieldName: 'ids' }],
        },
        options: {},
      }),
      socialData(NODES.batch, 880, {
        operation: 'getUsersByIds',
        userIds: "={{ $json.ids.join(',') }}",
        options: { simplify: true },
      }),
    ],
    connections([NODES.webhook, NODES.profile, NODES.followers, 'Collect IDs', NODES.batch]),
  );
}

/** The production URL n8n serves the webhook under. */
export const webhookUrl = (n8n: string) => `${n8n}/webhook/${PATH}`;
