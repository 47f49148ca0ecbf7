import { Workflow } from 'n8n-workflow';
import type { INode, INodeParameters, INodeTypes } from 'n8n-workflow';

import { SocialData } from '../../nodes/SocialData/SocialData.node';
import { SocialDataTrigger } from '../../nodes/SocialDataTrigger/SocialDataTrigger.node';

// $parameter holds the parameters the node type declares; these are the ones a subtitle reads.
const declared = {
  description: {
    properties: ['resource', 'operation', 'event'].map((name) => ({ name, type: 'string', default: '' })),
  },
};
const nodeTypes = {
  getByName: () => declared,
  getByNameAndVersion: () => declared,
  getKnownTypes: () => ({}),
} as unknown as INodeTypes;

/** The subtitle as n8n's own expression engine renders it under a node on the canvas. */
function subtitleOf(subtitle: string | undefined, parameters: INodeParameters): unknown {
  const node: INode = {
    id: 'subtitle',
    name: 'Social Data',
    type: 'n8n-nodes-base.noOp',
    typeVersion: 1,
    position: [0, 0],
    parameters,
  };
  const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
  return workflow.expression.getSimpleParameterValue(node, subtitle ?? '', 'internal', {});
}

describe('the canvas subtitle (issue 19, point 4)', () => {
  const action = new SocialData().description.subtitle;
  const trigger = new SocialDataTrigger().description.subtitle;

  it.each([
    ['getUserFollowers', 'user', 'User → Get Followers'],
    ['getBookmarks', 'bookmark', 'Bookmark → Get Many'],
    ['getUsersByIds', 'user', 'User → Get Many by ID'],
  ])('shows %s as the panel names it', (operation, resource, shown) => {
    expect(subtitleOf(action, { resource, operation })).toBe(shown);
  });

  it('shows an operation this version does not know as it is stored', () => {
    expect(subtitleOf(action, { resource: 'user', operation: 'getSomethingNew' })).toBe('getSomethingNew');
  });

  it('shows the trigger event by its name', () => {
    expect(subtitleOf(trigger, { event: 'newFollower' })).toBe('New Follower');
  });
});
