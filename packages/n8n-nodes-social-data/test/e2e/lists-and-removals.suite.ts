import type { Sandbox, SandboxControl } from '@social-data/sandbox';

import { connections, emittedIds, postItems, socialDataTrigger, workflow } from '@social-data/n8n-harness';
import type { N8nInstance, Receiver } from '@social-data/n8n-harness';

import { API_KEY, scanForReport } from './credentials';
import { startPollingN8n, stopAndReadExecutions, stopPollingN8n, untilIn } from './sandboxed-n8n';

const WORKFLOW_ID = 'sdTriggerLists001';
const ACCOUNTS = ['social_data', 'followers_200', 'one_follower'];
const TWEETS = 'New Tweet (3 accounts)';
const UNFOLLOWS = 'Unfollowed By';
const API = { socialDataApi: { id: 'sdApiSandbox0001', name: 'Social Data (sandbox)' } };

/**
 * A trigger on three accounts' tweets with a keyword filter, and an unfollow trigger, each
 * feeding an HTTP Request node that posts what it got to a receiver in the test.
 */
function listsWorkflow(receiver: string) {
  return workflow(
    WORKFLOW_ID,
    'Many accounts, filters and unfollows end-to-end',
    [
      socialDataTrigger(
        TWEETS,
        [0, 0],
        'newTweet',
        {
          accounts: 'many',
          userNames: `${ACCOUNTS[0]}, @${ACCOUNTS[1]}\nhttps://x.com/${ACCOUNTS[2]}`,
          options: { keywords: 'launch' },
        },
        API,
      ),
      postItems(TWEETS, [300, 0], receiver),
      socialDataTrigger(
        UNFOLLOWS,
        [0, 200],
        'unfollowedBy',
        { userName: { __rl: true, mode: 'username', value: 'followers_200' } },
        API,
      ),
      postItems(UNFOLLOWS, [300, 200], receiver),
    ],
    connections([TWEETS, `Post ${TWEETS}`], [UNFOLLOWS, `Post ${UNFOLLOWS}`]),
  );
}

/** As in the trigger suite: a deadline for a round, which a loaded machine needs. */
const ROUND_MS = 300_000;

/**
 * Issue 24 in a real n8n `start` process: changes made through the sandbox's control API between
 * polls come out exactly once: tweets of three accounts that pass the filter, each with
 * its account, and the accounts that stopped following, nothing else.
 */
export function listsAndRemovalsSuite(line: 1 | 2): void {
  describe(`many accounts, filters and unfollows in real n8n ${line}.x`, () => {
    let sandbox: Sandbox;
    let control: SandboxControl;
    let n8n: N8nInstance;
    let receiver: Receiver;
    const polls = (endpoint: string) => sandbox.stats.byEndpoint[endpoint] ?? 0;

    beforeAll(async () => {
      ({ sandbox, n8n, control, receiver } = await startPollingN8n(
        line,
        'n8n-lists',
        listsWorkflow,
        ({ stats }) =>
          (stats.byEndpoint.getUserTweets ?? 0) >= ACCOUNTS.length &&
          (stats.byEndpoint.getUserFollowers ?? 0) >= 1,
      ));
    }, 900_000);

    afterAll(() => stopPollingN8n({ receiver, sandbox, n8n }));

    it(
      'emits every passing tweet of the three accounts and every unfollow exactly once, nothing else',
      async () => {
        const expected: Record<string, string[]> = { [TWEETS]: [], [UNFOLLOWS]: [] };
        const account = new Map<string, string>();
        const gotAll = () =>
          Object.entries(expected).every(([node, ids]) => receiver.from(node).length >= ids.length);
        const progress = () =>
          `received: ${Object.entries(expected)
            .map(([node, ids]) => `${node} ${receiver.from(node).length} of ${ids.length}`)
            .join(', ')}; requests: tweets ${polls('getUserTweets')}, followers ${polls('getUserFollowers')}`;
        const waitFor = (what: string, condition: () => boolean, ms = ROUND_MS) =>
          untilIn(n8n, what, condition, ms, progress);
        const followers = await fetch(`${sandbox.url}/social/user/followers_200/followers?count=200`, {
          headers: { 'x-api-key': API_KEY },
        }).then((response) => response.json() as Promise<{ data: { followers: Array<{ id: string }> } }>);
        const known = followers.data.followers.map((follower) => follower.id);

        const tweet = async (name: string, text: string, passes: boolean) => {
          const [id] = await control.tweet(name, 1, { text });
          if (passes) {
            expected[TWEETS]!.push(id!);
            account.set(id!, name);
          }
        };
        const unfollow = async (id: string) => {
          await control.leave('followers', { owner: 'followers_200' }, id);
          expected[UNFOLLOWS]!.push(id);
        };

        // Round 1: tweets on each account, some with the keyword; two followers leave.
        await tweet('social_data', 'Launch day!', true);
        await tweet('social_data', 'nothing to see', false);
        await tweet('followers_200', 'the LAUNCH is on', true);
        await tweet('one_follower', 'relaunch is not a launch? yes it is', true);
        await tweet('one_follower', 'relaunching soon', false);
        await unfollow(known[3]!);
        await unfollow(known[150]!);
        await waitFor('the first round', gotAll);

        // Round 2: more tweets; one leaves, one new follower (not a removal), and one that
        // leaves and follows again between two polls (no removal either).
        for (let n = 0; n < 25; n += 1)
          await tweet('followers_200', n % 5 === 0 ? `launch ${n}` : `tweet ${n}`, n % 5 === 0);
        await tweet('social_data', 'Launchpad', false);
        await unfollow(known[0]!);
        await control.join('followers', { owner: 'followers_200' }, control.strangers(1));
        await control.leave('followers', { owner: 'followers_200' }, known[10]!);
        await control.join('followers', { owner: 'followers_200' }, [known[10]!]);
        await waitFor('the second round', gotAll);

        // Round 3 (issue 37, cases 3 and 8): the list answers empty for one poll, as a suspended
        // account does. No removal comes out; that poll's execution starts with a notice item.
        const notices = () =>
          receiver.received.filter((item) => item.node === UNFOLLOWS && item.id === undefined);
        await control.fault({ fault: 'empty-list', endpoint: 'getUserFollowers', times: 1 });
        await waitFor('a notice of the empty answer', () => notices().length === 1);

        // One more poll of each with nothing new must emit nothing.
        const [tweetsBefore, followersBefore] = [polls('getUserTweets'), polls('getUserFollowers')];
        await waitFor(
          'a quiet poll',
          () =>
            polls('getUserTweets') >= tweetsBefore + ACCOUNTS.length &&
            polls('getUserFollowers') > followersBefore,
        );
        const executions = await stopAndReadExecutions(n8n);
        for (const execution of executions)
          expect(execution).toMatchObject({ status: 'success', mode: 'trigger' });
        const noticeItems = executions.flatMap((execution) =>
          (execution.nodes[UNFOLLOWS] ?? []).filter((item) => item.notice !== undefined),
        );
        expect(noticeItems).toEqual([
          expect.objectContaining({
            notice: 'uncertain',
            may_be_missed: 0,
            message: expect.stringContaining('empty list'),
          }),
        ]);
        const isId = (id: string) => id !== 'undefined' && id !== undefined;
        for (const [node, ids] of Object.entries(expected)) {
          expect(emittedIds(executions, node).filter(isId).sort()).toEqual(ids.slice().sort());
          expect(receiver.from(node).filter(isId).sort()).toEqual(ids.slice().sort());
        }
        const tweets = executions.flatMap((execution) => execution.nodes[TWEETS] ?? []);
        for (const item of tweets) expect(item.watched_account).toBe(account.get(String(item.id)));
        process.stderr.write(
          `[n8n ${line}.x lists] ${executions.length} executions, ${receiver.received.length} items, ` +
            `requests: tweets ${polls('getUserTweets')}, followers ${polls('getUserFollowers')}, lookups ${polls('getUsersByIds')}\n`,
        );
      },
      4 * ROUND_MS,
    );

    it('leaves no API key in n8n output or its database', () => {
      const found = scanForReport(
        `n8n-lists-${line}`,
        `Many accounts, filters and unfollows in real n8n ${n8n.runtime.version}: items and secret scan`,
        [...n8n.transcript, ...n8n.storedFiles()],
        { 'items received': receiver.received.length },
      );
      expect(found).toEqual([]);
    });
  });
}
