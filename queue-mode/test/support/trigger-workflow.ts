import type { CredentialRef } from './credentials';

export const TRIGGER_WORKFLOW_ID = 'sdQueueTrigger01';

/** The feeds the trigger watches: a time feed (tweets) and a position feed (followers). */
export const WATCHED = {
  tweets: { node: 'New Tweet', event: 'newTweet', account: 'social_data' },
  followers: { node: 'New Follower', event: 'newFollower', account: 'followers_1k' },
} as const;

/**
 * Two Social Data Triggers polling every minute; each item goes on to an HTTP Request node that
 * posts `{ node, id }` to a receiver in the test. The polls run on the main, the executions they
 * start run on the workers.
 */
export function triggerWorkflow(credential: CredentialRef, receiver: string) {
  const watched = Object.values(WATCHED);
  return {
    id: TRIGGER_WORKFLOW_ID,
    name: 'Social Data Trigger: new tweets and followers to a receiver',
    active: false,
    settings: { executionOrder: 'v1' },
    nodes: watched.flatMap(({ node, event, account }, index) => [
      {
        id: `${event}-trigger`,
        name: node,
        type: 'n8n-nodes-social-data.socialDataTrigger',
        typeVersion: 1,
        position: [0, index * 200],
        parameters: {
          event,
          userName: { __rl: true, mode: 'username', value: account },
          pollTimes: { item: [{ mode: 'everyMinute' }] },
        },
        credentials: { socialDataApi: credential },
      },
      {
        id: `${event}-post`,
        name: `Post ${node}`,
        type: 'n8n-nodes-base.httpRequest',
        typeVersion: 4.2,
        position: [300, index * 200],
        parameters: {
          method: 'POST',
          url: receiver,
          sendBody: true,
          specifyBody: 'json',
          jsonBody: `={{ JSON.stringify({ node: '${node}', id: $json.id }) }}`,
          options: {},
        },
      },
    ]),
    connections: Object.fromEntries(
      watched.map(({ node }) => [node, { main: [[{ node: `Post ${node}`, type: 'main', index: 0 }]] }]),
    ),
  };
}
