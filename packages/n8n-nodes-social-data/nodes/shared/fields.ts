import type { ParamFormat, ParamSpec, RecordKind } from '@social-data/core';
import type { IDisplayOptions, INodeProperties, INodePropertyMode } from 'n8n-workflow';

/**
 * How each kind of catalog parameter looks in the node panel. Every value still goes through
 * core's normalizers, so a pasted URL or `@name` works in any mode; the modes only tell the user
 * what they can paste.
 */
const locators: Partial<Record<ParamFormat, { modes: INodePropertyMode[] }>> = {
  screenName: {
    modes: [
      // The mode picker is narrow: it cut "By Username" to "By Userr" and clips "By Name" on 2.x.
      { displayName: 'Name', name: 'username', type: 'string', placeholder: 'e.g. social_data' },
      {
        displayName: 'URL',
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
 * The panel field for one catalog parameter, shown where `show` says (the operations or trigger
 * events that take it); without `show`, an entry of a collection, which shows it itself.
 */
export function fieldFor(name: string, spec: ParamSpec, show?: IDisplayOptions['show']): INodeProperties {
  const base: Pick<INodeProperties, 'displayName' | 'name' | 'description' | 'required' | 'displayOptions'> =
    {
      displayName: spec.displayName,
      name,
      description: spec.description,
    };
  if (show) {
    base.required = spec.required;
    base.displayOptions = { show };
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

/** What Simplify adds to each kind of record, as core's simplifiers build it. */
const SIMPLIFIED: Partial<Record<RecordKind, string>> = {
  tweet: 'tweets get author_ fields, media URLs, an ISO date and a link',
  user: 'accounts keep their plain fields and get profile_url and an ISO date',
  community: 'communities get url, an ISO date and admin_ fields',
};

/** The Simplify option, saying what it does to the records the operation or event returns. */
export function simplifyOption(kinds: ReadonlyArray<RecordKind | undefined>): INodeProperties {
  const adds = [...new Set(kinds)].flatMap((kind) => (kind && SIMPLIFIED[kind] ? [SIMPLIFIED[kind]] : []));
  return {
    displayName: 'Simplify',
    name: 'simplify',
    type: 'boolean',
    default: false,
    description: `Whether to flatten each record into one level of columns for Sheets, Slack or CSV, instead of the raw record${adds.length ? `: ${adds.join('; ')}` : ''}`,
  };
}
