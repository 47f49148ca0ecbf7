import { listId, SandboxControl } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { emittedIds, socialDataTrigger, workflow } from '@social-data/n8n-harness';
import type { N8nInstance, StoredExecution } from '@social-data/n8n-harness';

import { scanForReport } from './credentials';
import { startSandboxedN8n, stopAndReadExecutions, stopSandboxedN8n, untilIn } from './sandboxed-n8n';

const HOSTILE = 'sdSecHostilePoll';
const CALM = 'sdSecCalmPolling';
const LIST = listId(0);
const API = { socialDataApi: { id: 'sdApiSandbox0001', name: 'Social Data (sandbox)' } };

/** A workflow of Social Data Trigger nodes polling four times a minute, and nothing else. */
function pollingWorkflow(
  id: string,
  triggers: Array<{ name: string; event: string; parameters: Record<string, unknown>; session?: boolean }>,
) {
  return workflow(
    id,
    id,
    triggers.map((trigger, index) =>
      socialDataTrigger(
        trigger.name,
        [0, index * 200],
        trigger.event,
        trigger.parameters,
        trigger.session
          ? { socialDataApi: { id: 'sdSessSandbox001', name: 'Social Data with session (sandbox)' } }
          : API,
      ),
    ),
  );
}

/**
 * Issue 25 in a long-running n8n (`n8n start`): one active workflow's polls meet an endless body
 * and a gzip bomb, and a second active workflow in the same process still polls and emits what
 * changed afterwards.
 */
export function survivalSuite(line: 1 | 2): void {
  describe(`a hostile answer does not take real n8n ${line}.x down`, () => {
    let sandbox: Sandbox;
    let control: SandboxControl;
    let n8n: N8nInstance;
    const polls = (endpoint: string) => sandbox.stats.byEndpoint[endpoint] ?? 0;

    beforeAll(async () => {
      ({ sandbox, n8n } = await startSandboxedN8n(line, 'n8n-survival', { control: true }));
      control = new SandboxControl(sandbox.url);
      await n8n.importWorkflow(
        pollingWorkflow(HOSTILE, [
          {
            name: 'Tweets Endless',
            event: 'newTweet',
            parameters: { userName: { __rl: true, mode: 'username', value: 'social_data' } },
          },
          {
            name: 'Followers Bomb',
            event: 'newFollower',
            parameters: { userName: { __rl: true, mode: 'username', value: 'followers_1k' } },
          },
        ]),
        pollingWorkflow(CALM, [
          {
            name: 'New List Member',
            event: 'newListMember',
            parameters: { list_id: { __rl: true, mode: 'id', value: LIST } },
            session: true,
          },
        ]),
      );
      await n8n.activate(HOSTILE);
      await n8n.activate(CALM);
      await n8n.start();
      await untilIn(
        n8n,
        'the activation polls',
        () => polls('getUserTweets') >= 1 && polls('getUserFollowers') >= 1 && polls('getListMembers') >= 1,
        180_000,
      );
    }, 900_000);

    afterAll(() => stopSandboxedN8n({ sandbox, n8n }));

    it('the second workflow polls and emits after the first met an endless body and a gzip bomb', async () => {
      sandbox.faults.add({ fault: 'endless-body', endpoint: 'getUserTweets' });
      sandbox.faults.add({ fault: 'gzip-bomb', endpoint: 'getUserFollowers' });
      const tweets = polls('getUserTweets');
      const followers = polls('getUserFollowers');
      await untilIn(
        n8n,
        'the hostile polls',
        () => polls('getUserTweets') > tweets && polls('getUserFollowers') > followers,
        150_000,
      );
      // Only now does the list change: the calm workflow's next poll comes after the hostile ones.
      const members = control.strangers(2);
      await control.join('listMembers', { list_id: LIST }, members);
      // Waits for the stored execution, not the request: on a busy machine the poll that sent the
      // request may still be running when a fixed pause ends (CI run of ce23365 stopped n8n there).
      const emittedByCalm = (executions: StoredExecution[]) =>
        emittedIds(
          executions.filter((execution) => execution.workflowId === CALM && execution.status === 'success'),
          'New List Member',
        );
      // Reading the database blocks this process (and the sandbox in it) for a moment: read it only
      // once the calm workflow has polled since the change, and at most every 3 s.
      const calmPolls = polls('getListMembers');
      let lastRead = 0;
      await untilIn(
        n8n,
        'the calm workflow to emit the new members',
        () => {
          if (polls('getListMembers') <= calmPolls || Date.now() - lastRead < 3_000) return false;
          lastRead = Date.now();
          return emittedByCalm(n8n.executions(CALM)).length >= members.length;
        },
        150_000,
      );
      const executions = await stopAndReadExecutions(n8n);
      expect(emittedByCalm(executions).sort()).toEqual(members.slice().sort());
      const hostile = executions.filter((execution) => execution.workflowId === HOSTILE);
      expect(hostile.some((execution) => execution.status === 'error')).toBe(true);
      expect(n8n.log).not.toMatch(/heap out of memory|ERR_STRING_TOO_LONG/);
      process.stderr.write(
        `[n8n ${line}.x survival] ${executions.length} executions: ` +
          executions.map((execution) => `${execution.workflowId} ${execution.status}`).join(', ') +
          '\n',
      );
    }, 600_000);

    it('leaves no secret in n8n output or its database', () => {
      const found = scanForReport(
        `n8n-survival-${line}`,
        `Hostile answers in real n8n ${line}.x: secret scan`,
        [...n8n.transcript, ...n8n.storedFiles()],
      );
      expect(found).toEqual([]);
    });
  });
}
