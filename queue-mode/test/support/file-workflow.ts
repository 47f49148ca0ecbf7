import { connections, node, socialDataNode, workflow } from '@social-data/n8n-harness';
import type { CredentialRef } from '@social-data/n8n-harness';

export const FILE_WORKFLOW_ID = 'sdQueueFile00001';
export const FILE_NODE = 'Followers File';
const PATH = 'social-data-file';

/**
 * Output "One File" started by a webhook, so a worker runs it: Return All of the followers of the
 * account in the call into one CSV, from the call's cursor when it gives one, with Continue On
 * Fail so a failed page ends the file with what was read.
 */
export function fileWorkflow(credential: CredentialRef) {
  return workflow(
    FILE_WORKFLOW_ID,
    'Social Data: all followers to a file on every webhook call',
    [
      node(
        'Webhook',
        'n8n-nodes-base.webhook',
        2,
        [0, 0],
        { httpMethod: 'POST', path: PATH, responseMode: 'onReceived', options: {} },
        { webhookId: '7a41c2d9-52e8-4b6f-8d03-91c5e7f2a6b4' },
      ),
      socialDataNode(
        FILE_NODE,
        [220, 0],
        {
          resource: 'user',
          operation: 'getUserFollowers',
          userName: { __rl: true, mode: 'username', value: '={{ $json.body.account }}' },
          returnAll: true,
          options: { outputMode: 'file', pageSize: 200, startCursor: "={{ $json.body.cursor ?? '' }}" },
        },
        { socialDataApi: credential },
        { onError: 'continueRegularOutput' },
      ),
    ],
    connections(['Webhook', FILE_NODE]),
  );
}

/** The production URL n8n serves the webhook under. */
export const fileWebhookUrl = (n8n: string) => `${n8n}/webhook/${PATH}`;
