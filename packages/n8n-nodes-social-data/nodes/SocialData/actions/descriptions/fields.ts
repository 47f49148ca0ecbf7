import type { EndpointId, ParamFormat, ParamSpec } from '@social-data/core';
import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

/**
 * How each kind of catalog parameter looks in the node panel. Every value still goes through
 * core's normalizers, so a pasted URL or `@name` works in any mode; the modes only tell the user
 * what they can paste.
 */
const locators: Partial<Record<ParamFormat, { modes: INodePropertyMode[] }>> = {
  screenName: {
    modes: [
      { displayName: 'By Username', name: 'username', type: 'string', placeholder: 'e.g. social_data' },
      {
        displayName: 'By Profile URL',
        name: 'url',
        type: 'string',
        placeholder: 'e.g. https://x.com/social_data',
      },
    ],
  },
  listId: idModes('https://x.com/i/lists/1500000000000000000'),
  communityId: idModes('https://x.com/i/communities/1600000000000000000'),
  topicId: idModes('https://x.com/i/topics/1700000000000000000'),
};

function idModes(example: string): { modes: INodePropertyMode[] } {
  return {
    modes: [
      { displayName: 'By ID', name: 'id', type: 'string', placeholder: `e.g. ${example.split('/').pop()}` },
      { displayName: 'By URL', name: 'url', type: 'string', placeholder: `e.g. ${example}` },
    ],
  };
}

const placeholders: Partial<Record<ParamFormat, string>> = {
  tweetIdList: 'e.g. 1790000000000000000, https://x.com/social_data/status/1790000000000000001',
  userIdList: 'e.g. 1400000000000000001, 1400000000000000002',
};

/**
 * The panel field for one catalog parameter, shown for the operations that take it; without
 * operations, an entry of the Additional Fields collection, which shows it itself.
 */
export function fieldFor(name: string, spec: ParamSpec, operations?: EndpointId[]): INodeProperties {
  const base: Pick<INodeProperties, 'displayName' | 'name' | 'description' | 'required' | 'displayOptions'> =
    {
      displayName: spec.displayName,
      name,
      description: spec.description,
    };
  if (operations) {
    base.required = spec.required;
    base.displayOptions = { show: { operation: operations } };
  }
  const locator = locators[spec.format];
  if (locator) {
    const firstMode = { mode: locator.modes[0]!.name, value: '' };
    return { ...base, type: 'resourceLocator', default: firstMode, modes: locator.modes };
  }
  if (spec.format === 'boolean') return { ...base, type: 'boolean', default: false };
  const field: INodeProperties = { ...base, type: 'string', default: '' };
  const placeholder = placeholders[spec.format];
  if (placeholder) field.placeholder = placeholder;
  if (spec.format === 'tweetIdList' || spec.format === 'userIdList') field.typeOptions = { rows: 2 };
  return field;
}
