import type { ParamFormat, ParamSpec } from '@social-data/core';
import type { FormField } from '@social-data/core/feeds';
import type { IDisplayOptions, INodeProperties, INodePropertyMode } from 'n8n-workflow';

/**
 * How each kind of catalog parameter looks in the node panel. Every value still goes through
 * core's normalizers, so a pasted URL or `@name` works in any mode; the modes only tell the user
 * what they can paste.
 */
const locators: Partial<Record<ParamFormat, { modes: INodePropertyMode[] }>> = {
  screenName: {
    modes: [
      // The mode picker is narrow: it cut "By Username" to "By Userr" and clips "By Name" on 2.x,
      // so every locator's modes are one word (Name, ID, URL).
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
      { displayName: 'ID', name: 'id', type: 'string', placeholder: `e.g. ${example.split('/').pop()}` },
      { displayName: 'URL', name: 'url', type: 'string', placeholder: `e.g. ${example}` },
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

/**
 * The panel option for one of core's form fields (filters, page size, Simplify, Max Pages per
 * Poll...): core says what it means, this says how n8n's panel draws it.
 */
export function optionOf(field: FormField): INodeProperties {
  const base = { displayName: field.label, name: field.name, description: field.description };
  const placeholder = field.example === undefined ? {} : { placeholder: `e.g. ${field.example}` };
  switch (field.kind) {
    case 'choice':
      return {
        ...base,
        type: 'options',
        options: field.choices!.map((choice) => ({ name: choice.label, value: choice.value })),
        default: field.choices![0]!.value,
      };
    case 'count':
      return {
        ...base,
        type: 'number',
        typeOptions: {
          ...(field.min === undefined ? {} : { minValue: field.min }),
          ...(field.max === undefined ? {} : { maxValue: field.max }),
          numberPrecision: 0,
        },
        default: field.default ?? field.min ?? 0,
      };
    case 'boolean':
      return { ...base, type: 'boolean', default: false };
    case 'date':
      return { ...base, type: 'dateTime', default: '' };
    case 'list':
      return { ...base, type: 'string', typeOptions: { rows: 3 }, default: '', ...placeholder };
    default:
      return { ...base, type: 'string', default: '', ...placeholder };
  }
}
