import { accountId, SandboxControl } from '@social-data/sandbox';
import { until } from '@social-data/test-support';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSlackReceiver } from '../receiver';
import type { SlackMessage } from '../receiver';
import { POLL_WAIT_MS, startActive } from './active';
import type { Example, ExampleResult } from './example';
import { loadExample, withParameter } from './workflows';

const NEW_TWEETS = 3;

export interface SlackResult extends ExampleResult {
  posted: string[];
  messages: SlackMessage[];
  executions: number;
}

export const listTweetsToSlack: Example<SlackResult> = {
  file: 'list-tweets-to-slack.json',
  title: 'New tweets of a list to a Slack webhook (the trigger, active in n8n start)',
  async run({ stack, progress, outputDir }) {
    const { sandbox, n8n } = stack;
    const receiver = await startSlackReceiver();
    try {
      const workflow = withParameter(loadExample(this.file), 'Post to Slack', 'url', receiver.url);
      const listId = String(
        (workflow.nodes[0]?.parameters.list_id as { value: string } | undefined)?.value ?? '',
      );
      // @social_data joins the list, so what it posts shows in the list's timeline.
      const control = new SandboxControl(sandbox.url);
      await control.join('listMembers', { list_id: listId }, [accountId(1)]);
      await startActive(stack, progress, workflow, 'getListTweets', 'the list');
      const posted: string[] = [];
      for (let index = 1; index <= NEW_TWEETS; index += 1) {
        const text = `Launch day update ${index} of ${NEW_TWEETS}`;
        for (const id of await control.tweet('social_data', 1, { text })) posted.push(id);
      }
      progress.info(`@social_data posted ${NEW_TWEETS} tweets to list ${listId}`);
      await progress.long('waiting for the next poll (n8n polls every minute)', () =>
        until(`${NEW_TWEETS} Slack messages`, () => receiver.messages.length >= NEW_TWEETS, POLL_WAIT_MS),
      );
      await n8n.stop();
      const executions = n8n
        .executions(workflow.id)
        .filter((execution) => execution.status === 'success').length;
      const file = join(outputDir, 'slack-messages.json');
      writeFileSync(file, `${JSON.stringify(receiver.messages, null, 2)}\n`);
      return {
        posted,
        messages: [...receiver.messages],
        executions,
        outputs: [file],
        summary: [
          `${NEW_TWEETS} new list tweets → ${executions} trigger execution(s) → ${receiver.messages.length} Slack messages`,
          `first message: ${JSON.stringify(receiver.messages[0]?.text ?? '')}`,
        ],
      };
    } finally {
      await receiver.close();
    }
  },
};
