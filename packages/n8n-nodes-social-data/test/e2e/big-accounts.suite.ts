import { statSync } from 'node:fs';
import { join } from 'node:path';

import {
  connections,
  manualTrigger,
  socialDataNode,
  watchPeakRss,
  workflow,
  writeReport,
} from '@social-data/n8n-harness';
import type { Execution, N8nInstance } from '@social-data/n8n-harness';
import type { Sandbox } from '@social-data/sandbox';

import { startSandboxedN8n, stopSandboxedN8n } from './sandboxed-n8n';

const CREDENTIALS = { socialDataApi: { id: 'sdApiSandbox0001', name: 'Social Data (sandbox)' } };

function followersNode(name: string, userName: string) {
  return socialDataNode(
    name,
    [250, 0],
    {
      resource: 'user',
      operation: 'getUserFollowers',
      userName: { __rl: true, mode: 'username', value: userName },
      returnAll: true,
    },
    CREDENTIALS,
  );
}

function returnAll(id: string, node: string, userName: string) {
  return workflow(
    id,
    `Return All of ${userName}`,
    [manualTrigger(), followersNode(node, userName)],
    connections(['Start', node]),
  );
}

/**
 * Three input items; the middle one names an account that exists, the others do not. With "On
 * Error: Continue (using error output)" the two failures must leave on the error output, each
 * paired with its input item (n8n merges the input's JSON into it).
 */
const ERROR_OUTPUT = workflow(
  'sdErrorOutput001',
  'Social Data: failures on the error output',
  [
    manualTrigger(),
    socialDataNode(
      'Three Followers',
      [250, 0],
      {
        resource: 'user',
        operation: 'getUserFollowers',
        userName: { __rl: true, mode: 'username', value: 'followers_199' },
        limit: 3,
      },
      CREDENTIALS,
    ),
    socialDataNode(
      'Profiles',
      [500, 0],
      {
        resource: 'user',
        operation: 'getUser',
        userName: {
          __rl: true,
          mode: 'username',
          value: "={{ $itemIndex === 1 ? $json.userName : 'no_such_account_' + $itemIndex }}",
        },
      },
      CREDENTIALS,
      { onError: 'continueErrorOutput' },
    ),
  ],
  connections(['Start', 'Three Followers', 'Profiles']),
);

const MB = 1024 * 1024;
const ids = (execution: Execution, node: string) => execution.items(node).map((item) => String(item.json.id));

/**
 * Issue 26 finding 9 in real n8n: Return All of accounts just past the old spread limit
 * completes with every follower exactly once; an account of 1,000,000 is refused before any page
 * is read, with how to read it in parts. Peak RSS and execution data size go to .reports/.
 */
export function bigAccountsSuite(line: 1 | 2): void {
  describe(`big accounts and the error output in real n8n ${line}.x`, () => {
    let sandbox: Sandbox;
    let n8n: N8nInstance;
    const figures: Record<string, number | string> = {};

    beforeAll(async () => {
      ({ sandbox, n8n } = await startSandboxedN8n(line, 'n8n-big'));
      await n8n.importWorkflow(
        returnAll('sdReturnAll150k1', 'Followers 150k', 'followers_150k'),
        returnAll('sdReturnAll250k1', 'Followers 250k', 'followers_250k'),
        returnAll('sdReturnAll1m001', 'Followers 1M', 'followers_1m'),
        ERROR_OUTPUT,
      );
    }, 900_000);

    afterAll(async () => {
      writeReport(
        `n8n-big-accounts-${line}`,
        `Return All of big accounts in real n8n ${n8n.runtime.version}`,
        figures,
      );
      await stopSandboxedN8n({ sandbox, n8n });
    });

    const database = () => {
      try {
        return statSync(join(n8n.folder, '.n8n', 'database.sqlite')).size;
      } catch {
        return 0;
      }
    };

    it.each([
      ['sdReturnAll150k1', 'Followers 150k', 150_000],
      ['sdReturnAll250k1', 'Followers 250k', 250_000],
    ])(
      'returns exactly every follower: %s',
      async (id, node, followers) => {
        const before = database();
        const started = Date.now();
        const peak = watchPeakRss(`--id=${id}`, `N8N_USER_FOLDER=${n8n.folder}`);
        const execution = await n8n.execute(id);
        const peakRss = peak();
        expect({ succeeded: execution.succeeded, error: execution.error }).toEqual({
          succeeded: true,
          error: undefined,
          ...(execution.succeeded ? {} : { output: execution.output.slice(-3000) }),
        });
        const found = ids(execution, node);
        expect(found).toHaveLength(followers);
        expect(new Set(found).size).toBe(followers);
        const label = node.replace('Followers ', '');
        figures[`${label}: seconds`] = Math.round((Date.now() - started) / 1000);
        figures[`${label}: peak RSS of n8n execute (MB)`] = Math.round(peakRss / MB);
        figures[`${label}: execution data (--rawOutput, MB)`] = Math.round(
          execution.result.stdout.length / MB,
        );
        figures[`${label}: database growth (MB)`] = Math.round((database() - before) / MB);
      },
      900_000,
    );

    it('refuses Return All of 1,000,000 followers before reading a page, saying how to read it in parts', async () => {
      const requestsBefore = sandbox.stats.requests;
      const started = Date.now();
      const execution = await n8n.execute('sdReturnAll1m001');
      expect(execution.succeeded).toBe(false);
      expect(execution.output).toMatch(/1,000,000 followers: more than Return All keeps in one execution/);
      expect(sandbox.stats.requests - requestsBefore).toBe(1);
      figures['1M: seconds to the refusal'] = Math.round((Date.now() - started) / 1000);
    }, 300_000);

    it('puts exactly the failed items on the error output, each paired with its input', async () => {
      const execution = await n8n.execute('sdErrorOutput001');
      expect(execution.succeeded).toBe(true);
      const inputs = execution.items('Three Followers');
      expect(inputs).toHaveLength(3);
      const runs = (execution.run?.data as { resultData: { runData: Record<string, unknown> } }).resultData
        .runData.Profiles as Array<{
        data: { main: Array<Array<{ json: Record<string, unknown>; pairedItem: unknown }>> };
      }>;
      const [success, errors] = runs[0]!.data.main;
      expect(success!.map((item) => item.json.userName)).toEqual([inputs[1]!.json.userName]);
      expect(errors!.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }]);
      expect(errors!.map((item) => item.json.userName)).toEqual([
        inputs[0]!.json.userName,
        inputs[2]!.json.userName,
      ]);
      for (const item of errors!) expect(item.json.error).toMatchObject({ httpCode: '404' });
    }, 300_000);
  });
}
