import { connections, manualTrigger, socialDataNode, workflow } from '@social-data/n8n-harness';
import type { N8nInstance } from '@social-data/n8n-harness';
import { accountId, TRANSIENT_FAULTS } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { API_KEY, scanForReport } from './credentials';
import { startSandboxedN8n, stopSandboxedN8n } from './sandboxed-n8n';

const FOLLOWERS = 10_000;
/** Accounts far from any seeded group, made to follow `no_followers`. */
const FIRST_FOLLOWER = 1_000_000;
const FAULT_SHARE = 0.1;
/** `slow` answers after the node's 30 s request timeout. */
const SLOW_MS = 31_000;
const WORKFLOW_ID = 'sdNoLossUnder001';

function noLossWorkflow(): Record<string, unknown> {
  return workflow(
    WORKFLOW_ID,
    'Return All of 10,000 followers under faults',
    [
      manualTrigger(),
      socialDataNode(
        'Followers',
        [250, 0],
        {
          resource: 'user',
          operation: 'getUserFollowers',
          userName: { __rl: true, mode: 'username', value: 'no_followers' },
          returnAll: true,
          options: { maxPages: 1000 },
        },
        { socialDataApi: { id: 'sdApiSandbox0001', name: 'Social Data (sandbox)' } },
      ),
    ],
    connections(['Start', 'Followers']),
  );
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
      ({ sandbox, n8n } = await startSandboxedN8n(line, 'n8n-no-loss', { control: true }));
      const owner = sandbox.world.accountByName('no_followers')!;
      for (let i = 0; i < FOLLOWERS; i += 1) sandbox.world.join('followers', owner, FIRST_FOLLOWER + i);
      sandbox.faults.addShare(TRANSIENT_FAULTS, FAULT_SHARE, {
        key: API_KEY,
        retryAfter: 1,
        delayMs: SLOW_MS,
      });
      await n8n.importWorkflow(noLossWorkflow());
    }, 900_000);

    afterAll(() => stopSandboxedN8n({ sandbox, n8n }));

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
