import { endpointIds } from '@social-data/core';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { nodeProperties } from './actions/properties';
import { operationLabel } from './actions/resources';
import { router } from './actions/router';
import { toolRouter } from './tool/run';
import { subtitleFor } from '../shared/subtitle';
import { ACTION_NODE_VERSION } from '../shared/versions';

export class SocialData implements INodeType {
  description: INodeTypeDescription = {
    displayName: 'Social Data',
    name: 'socialData',
    icon: { light: 'file:../../icons/socialData.svg', dark: 'file:../../icons/socialData.dark.svg' },
    group: ['transform'],
    version: ACTION_NODE_VERSION,
    subtitle: subtitleFor('operation', Object.fromEntries(endpointIds.map((id) => [id, operationLabel(id)]))),
    description:
      'Read public X (Twitter) data: profiles, tweets, replies, followers, lists, communities and topics, and your own timeline, bookmarks and muted accounts',
    // Taken as it is; a codex link gets n8n's query appended after the anchor.
    documentationUrl:
      'https://github.com/social-data/social-data-integrations/tree/main/packages/n8n-nodes-social-data#operations',
    defaults: { name: 'Social Data' },
    // n8n offers it to agents as "Social Data Tool"; its tool-only fields are in tool/properties.ts.
    usableAsTool: true,
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: [{ name: 'socialDataApi', required: true }],
    properties: nodeProperties,
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    // n8n runs a usableAsTool node as "<type>Tool" when an agent calls it.
    if (this.getNode().type.endsWith('Tool')) return toolRouter.call(this);
    return router.call(this);
  }
}
