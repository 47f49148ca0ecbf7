import { N8nInstance } from '@social-data/n8n-harness';
import { accountId, startSandbox, TRANSIENT_FAULTS } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { API_KEY, sandboxCredentials, scanForReport } from './credentials';

const FOLLOWERS = 10_000;
/** Accounts far from any seeded group, made to follow `no_followers`. */
const FIRST_FOLLOWER = 1_000_000;
const FAULT_SHARE = 0.1;
/** `slow` answers after the node's 30 s request timeout. */
const SLOW_MS = 31_000;
const WORKFLOW_ID = 'sdNoLossUnder001';

function workflow(): Record<string, unknown> {
  return {
    id: WORKFLOW_ID,
    name: 'Return All of 10,000 followers under faults',
    active: false,
    settings: { executionOrder: 'v1' },
    nodes: [
      {
        id: 'start',
        name: 'Start',
        type: 'n8n-nodes-base.manualTrigger',
        typeVersion: 1,
        position: [0, 0],
        parameters: {},
      },
      {
        id: 'followers',
        name: 'Followers',
        type: 'n8n-nodes-social-data.socialData',
        typeVersion: 1,
        position: [250, 0],
        parameters: {
          resource: 'user',
          operation: 'getUserFollowers',
          userName: { __rl: true, mode: 'username', value: 'no_followers' },
          returnAll: true,
          options: { maxPages: 1000 },
        },
        credentials: { socialDataApi: { id: 'sdApiSandbox0001', name: 'Social Data (sandbox)' } },
      },
    ],
    connections: { Start: { main: [[{ node: 'Followers', type: 'main', index: 0 }]] } },
  };
}

/**
 * Return All over 10,000 followers inside a real n8n while one request in ten fails with a fault
 * a retry cures: the node's output holds every follower exactly once, and nothing n8n printed or
 * stored holds a secret.
 */
export function noLossSuite(line: 1 | 2): void {
  describe(`Return All under faults in real n8n ${line}.x`, () => {
    let sandbox: Sandbox;
    let n8n: N8nInstance;

    beforeAll(async () => {
      sandbox = await startSandbox({ keys: [API_KEY], control: true });
      const owner = sandbox.world.accountByName('no_followers')!;
      for (let i = 0; i < FOLLOWERS; i += 1) sandbox.world.join('followers', owner, FIRST_FOLLOWER + i);
      sandbox.faults.addShare(TRANSIENT_FAULTS, FAULT_SHARE, {
        key: API_KEY,
        retryAfter: 1,
        delayMs: SLOW_MS,
      });
      n8n = new N8nInstance(line, { prefix: `n8n-no-loss-${line}-` });
      await n8n.importCredentials(sandboxCredentials(sandbox.url));
      await n8n.importWorkflow(workflow());
    }, 900_000);

    afterAll(async () => {
      await sandbox?.close();
      await n8n?.remove();
    });

    it('returns each of the 10,000 followers exactly once, and leaks no secret', async () => {
      const execution = await n8n.execute(WORKFLOW_ID);
      expect({ succeeded: execution.succeeded, error: execution.error }).toEqual({
        succeeded: true,
        error: undefined,
      });
      const ids = execution.items('Followers').map((item) => String(item.json.id));
      const expected = Array.from({ length: FOLLOWERS }, (_, i) => accountId(FIRST_FOLLOWER + i));
      expect(ids).toHaveLength(FOLLOWERS);
      expect(new Set(ids).size).toBe(FOLLOWERS);
      expect([...ids].sort()).toEqual(expected.sort());
      expect(sandbox.faults.injected).toBeGreaterThan(0);
      const secrets = scanForReport(
        `reliability-n8n-${line}`,
        `Return All under 10% faults in real n8n ${n8n.runtime.version} (issue 9)`,
        [...n8n.transcript, ...n8n.storedFiles()],
        {
          'followers expected': FOLLOWERS,
          'items checked': ids.length,
          'unique items': new Set(ids).size,
          'requests made': sandbox.stats.requests,
          'faults injected': sandbox.faults.injected,
          'fault kinds': TRANSIENT_FAULTS.length,
        },
      );
      expect(secrets).toEqual([]);
    }, 600_000);
  });
}
