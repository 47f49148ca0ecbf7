import { listId, SandboxControl, startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { N8nInstance } from '@social-data/n8n-harness';

import { API_KEY, sandboxCredentials, scanForReport } from './credentials';
import { until } from './until';

const WORKFLOW_ID = 'sdTriggerE2E0001';
const LIST = listId(0);

interface Watched {
  node: string;
  event: string;
  parameters: Record<string, unknown>;
  endpoint: string;
  session?: boolean;
}

const WATCHED: Watched[] = [
  {
    node: 'New Follower',
    event: 'newFollower',
    parameters: { userName: { __rl: true, mode: 'username', value: 'followers_1k' } },
    endpoint: 'getUserFollowers',
  },
  {
    node: 'New Tweet',
    event: 'newTweet',
    parameters: { userName: { __rl: true, mode: 'url', value: 'https://x.com/social_data' } },
    endpoint: 'getUserTweets',
  },
  {
    node: 'New List Member',
    event: 'newListMember',
    parameters: { list_id: { __rl: true, mode: 'id', value: LIST } },
    endpoint: 'getListMembers',
    session: true,
  },
];

/**
 * Three triggers polling every minute, each feeding an HTTP Request node that posts what it got
 * to a receiver in the test, so the test knows when a poll's execution has finished.
 */
function triggerWorkflow(receiver: string) {
  const nodes: object[] = [];
  const connections: Record<string, object> = {};
  WATCHED.forEach((watched, index) => {
    const post = `Post ${watched.node}`;
    nodes.push(
      {
        id: randomUUID(),
        name: watched.node,
        type: 'n8n-nodes-social-data.socialDataTrigger',
        typeVersion: 1,
        position: [0, index * 200],
        parameters: {
          event: watched.event,
          ...watched.parameters,
          pollTimes: { item: [{ mode: 'everyMinute' }] },
        },
        credentials: {
          socialDataApi: watched.session
            ? { id: 'sdSessSandbox001', name: 'Social Data with session (sandbox)' }
            : { id: 'sdApiSandbox0001', name: 'Social Data (sandbox)' },
        },
      },
      {
        id: randomUUID(),
        name: post,
        type: 'n8n-nodes-base.httpRequest',
        typeVersion: 4.2,
        position: [300, index * 200],
        parameters: {
          method: 'POST',
          url: receiver,
          sendBody: true,
          specifyBody: 'json',
          jsonBody: `={{ JSON.stringify({ node: '${watched.node}', id: $json.id }) }}`,
          options: {},
        },
      },
    );
    connections[watched.node] = { main: [[{ node: post, type: 'main', index: 0 }]] };
  });
  return {
    id: WORKFLOW_ID,
    name: 'Social Data Trigger end-to-end',
    active: false,
    settings: { executionOrder: 'v1' },
    nodes,
    connections,
  };
}

/**
 * The trigger inside a real n8n `start` process: activation records state, then changes made
 * through the sandbox's control API between minute polls come out of n8n's executions exactly once.
 */
export function triggerSuite(line: 1 | 2): void {
  describe(`the Social Data Trigger in real n8n ${line}.x`, () => {
    let sandbox: Sandbox;
    let control: SandboxControl;
    let n8n: N8nInstance;
    let receiver: Server;
    const received: Array<{ node: string; id: string }> = [];
    const polls = (endpoint: string) => sandbox.stats.byEndpoint[endpoint] ?? 0;
    const receivedFrom = (node: string) =>
      received.filter((item) => item.node === node).map((item) => item.id);

    beforeAll(async () => {
      sandbox = await startSandbox({ keys: [API_KEY], control: true });
      control = new SandboxControl(sandbox.url);
      receiver = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push(JSON.parse(body) as { node: string; id: string });
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const { port } = receiver.address() as { port: number };

      n8n = new N8nInstance(line, { prefix: `n8n-trigger-${line}-` });
      await n8n.importCredentials(sandboxCredentials(sandbox.url));
      const file = join(n8n.folder, 'trigger-workflow.json');
      writeFileSync(file, JSON.stringify(triggerWorkflow(`http://127.0.0.1:${port}/received`)));
      await n8n.cli(['import:workflow', `--input=${file}`]);
      await n8n.activate(WORKFLOW_ID);
      await n8n.start();
      await until(
        'the activation polls',
        () => WATCHED.every((watched) => polls(watched.endpoint) >= 1),
        180_000,
        () => n8n.log,
      );
    }, 900_000);

    afterAll(async () => {
      await n8n?.stop();
      await sandbox?.close();
      receiver?.close();
      await n8n?.remove();
    });

    it('emits every follower, tweet and list member added between polls exactly once', async () => {
      const expected: Record<string, string[]> = {
        'New Follower': [],
        'New Tweet': [],
        'New List Member': [],
      };
      const gotAll = () =>
        Object.entries(expected).every(([node, ids]) => receivedFrom(node).length >= ids.length);

      const round = async (counts: { followers: number; tweets: number; members: number }) => {
        const followers = control.strangers(counts.followers);
        await control.join('followers', { owner: 'followers_1k' }, followers);
        expected['New Follower']!.push(...followers);
        expected['New Tweet']!.push(...(await control.tweet('social_data', counts.tweets)));
        const members = control.strangers(counts.members);
        await control.join('listMembers', { list_id: LIST }, members);
        expected['New List Member']!.push(...members);
        return followers;
      };

      const [unfollower] = await round({ followers: 3, tweets: 2, members: 1 });
      await until('the first round', gotAll, 150_000, () => n8n.log);
      // More than a page of tweets, many followers, and one unfollow.
      await control.leave('followers', { owner: 'followers_1k' }, unfollower!);
      await round({ followers: 25, tweets: 25, members: 2 });
      await until('the second round', gotAll, 150_000, () => n8n.log);

      // Issue 23, case 1: 250 new followers, then an earlier follower unfollows and follows
      // again, so it sits on top of them. That hid all 250 before.
      const top = await fetch(`${sandbox.url}/social/user/followers_1k/followers?count=200`, {
        headers: { 'x-api-key': API_KEY },
      }).then((response) => response.json() as Promise<{ data: { followers: Array<{ id: string }> } }>);
      const returning = top.data.followers.at(-1)!.id;
      const burst = control.strangers(250);
      await control.join('followers', { owner: 'followers_1k' }, burst);
      await control.leave('followers', { owner: 'followers_1k' }, returning);
      await control.join('followers', { owner: 'followers_1k' }, [returning]);
      expected['New Follower']!.push(...burst, returning);
      await until('250 followers and a re-follow', gotAll, 150_000, () => n8n.log);

      // Issue 23, case 2: 3,000 followers (more than one poll's 2,000), then 1,900 more while
      // that backlog is open. That reported 5,799 for 4,900 before.
      const first = control.strangers(3000);
      await control.join('followers', { owner: 'followers_1k' }, first);
      expected['New Follower']!.push(...first);
      const seenBefore = receivedFrom('New Follower').length;
      await until(
        'the first poll of the burst',
        () => receivedFrom('New Follower').length > seenBefore,
        150_000,
        () => n8n.log,
      );
      const more = control.strangers(1900);
      await control.join('followers', { owner: 'followers_1k' }, more);
      expected['New Follower']!.push(...more);
      await until('the whole burst', gotAll, 400_000, () => n8n.log);

      // One more poll with nothing new must emit nothing.
      const before = polls('getUserFollowers');
      await until(
        'a quiet poll',
        () => polls('getUserFollowers') > before,
        150_000,
        () => n8n.log,
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await n8n.stop();

      const executions = n8n.executions();
      expect(executions.length).toBeGreaterThanOrEqual(2);
      for (const execution of executions)
        expect(execution).toMatchObject({ status: 'success', mode: 'trigger' });
      for (const [node, ids] of Object.entries(expected)) {
        const emitted = executions.flatMap((execution) =>
          (execution.nodes[node] ?? []).map((json) => String(json.id)),
        );
        expect(emitted.slice().sort()).toEqual(ids.slice().sort());
        expect(receivedFrom(node).slice().sort()).toEqual(ids.slice().sort());
      }
      process.stderr.write(
        `[n8n ${line}.x trigger] ${executions.length} executions, ${received.length} items, ` +
          `polls: ${WATCHED.map((watched) => `${watched.endpoint} ${polls(watched.endpoint)}`).join(', ')}\n`,
      );
    }, 1_200_000);

    it('leaves no API key, cookie or proxy password in n8n output or its database', () => {
      const found = scanForReport(
        `n8n-trigger-${line}`,
        `The trigger in real n8n ${n8n.runtime.version}: items and secret scan`,
        [...n8n.transcript, ...n8n.storedFiles()],
        { 'items received': received.length },
      );
      expect(found).toEqual([]);
    });
  });
}
