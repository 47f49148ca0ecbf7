import { connections, postItems, socialDataTrigger, workflow } from '@social-data/n8n-harness';
import type { CredentialRef } from '@social-data/n8n-harness';

export const TRIGGER_WORKFLOW_ID = 'sdQueueTrigger01';

/** The feeds the trigger watches: a time feed (tweets) and a position feed (followers). */
export const WATCHED = {
  tweets: { node: 'New Tweet', event: 'newTweet', account: 'social_data' },
  followers: { node: 'New Follower', event: 'newFollower', account: 'followers_1k' },
} as const;

/**
 * Two Social Data Triggers polling every minute; each item goes on to an HTTP Request node that
 * posts `{ node, id }` to a receiver in the test. The polls run on the main, the executions they
 * start run on the workers. They poll 30 s apart: two polls of one workflow emitting at once in
 * n8n 2.41 saved only one node's state (CI run #17: after the main was replaced, the other
 * emitted its first two tweets again), and this suite is about the main's state surviving. The
 * control runs (`support/control.ts`) poll them at the same second on purpose.
 */
export function triggerWorkflow(credential: CredentialRef, receiver: string, sameSecond = false) {
  const watched = Object.values(WATCHED);
  return workflow(
    TRIGGER_WORKFLOW_ID,
    'Social Data Trigger: new tweets and followers to a receiver',
    watched.flatMap(({ node, event, account }, index) => [
      socialDataTrigger(
        node,
        [0, index * 200],
        event,
        { userName: { __rl: true, mode: 'username', value: account } },
        { socialDataApi: credential },
        [sameSecond ? 15 : 15 + index * 30],
      ),
      postItems(node, [300, index * 200], receiver),
    ]),
    connections(...watched.map(({ node }) => [node, `Post ${node}`])),
  );
}
