import { feedIds, feeds } from '@social-data/core/feeds';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';

import { oneAtATime } from './trigger/one-at-a-time';
import { pollEvent } from './trigger/poll';
import { triggerProperties } from './trigger/properties';
import { subtitleFor } from '../shared/subtitle';
import { TRIGGER_NODE_VERSION } from '../shared/versions';

export class SocialDataTrigger implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Social Data Trigger',
    name: 'socialDataTrigger',
    icon: { light: 'file:../../icons/socialData.svg', dark: 'file:../../icons/socialData.dark.svg' },
    group: ['trigger'],
    version: TRIGGER_NODE_VERSION,
    subtitle: subtitleFor('event', Object.fromEntries(feedIds.map((id) => [id, feeds[id].displayName]))),
    description:
      'Starts a workflow on new tweets, replies, media, list and community posts, bookmarks, followers, list members or muted accounts, or on unfollows, list leavers and unmutes',
    // Taken as it is; a codex link gets n8n's query appended after the anchor.
    documentationUrl:
      'https://github.com/social-data/social-data-integrations/tree/main/packages/n8n-nodes-social-data#trigger',
    defaults: { name: 'Social Data Trigger' },
    polling: true,
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'socialDataApi', required: true }],
    properties: triggerProperties,
  };

  async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
    return await oneAtATime(this, () => pollEvent.call(this));
  }
}
