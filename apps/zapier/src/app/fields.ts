import { inputParams, isSimplifiable, recordKindOf } from '@social-data/core';
import { simplifyField } from '@social-data/core/feeds';
import type { EndpointId, ParamFormat } from '@social-data/core';
import type { FormField } from '@social-data/core/feeds';

/** Zapier's description of one input field. */
export interface InputField {
  key: string;
  label: string;
  helpText?: string;
  required?: boolean;
  type?: 'string' | 'text' | 'integer' | 'boolean' | 'datetime';
  default?: string;
  choices?: Record<string, string>;
}

/** What the catalog's description does not say already: an example, or how a list is read. */
const examples: Partial<Record<ParamFormat, string>> = {
  screenName: 'E.g. `@social_data` or `https://x.com/social_data`.',
  listId: 'E.g. `https://x.com/i/lists/1500000000000000000`.',
  communityId: 'E.g. `https://x.com/i/communities/1600000000000000000`.',
  topicId: 'E.g. `https://x.com/i/topics/1700000000000000000`.',
  tweetIdList: 'Any number; they are fetched 100 per request and come back in the order given.',
  userIdList: 'Any number; they are fetched 100 per request and come back in the order given.',
};

/** The fields for an endpoint's parameters, from the catalog; core's normalizers read them all. */
export function paramFields(id: EndpointId): InputField[] {
  return inputParams(id).map(([name, spec]) => {
    const field: InputField = {
      key: name,
      label: spec.displayName,
      required: spec.required,
      helpText: [spec.description, examples[spec.format]].filter(Boolean).join(' '),
    };
    if (spec.format === 'boolean') field.type = 'boolean';
    else if (spec.format === 'tweetIdList' || spec.format === 'userIdList') field.type = 'text';
    else field.type = 'string';
    return field;
  });
}

/**
 * The form field for one of core's form fields (filters, page size, Simplify, Max Pages per
 * Poll...), under `key` where a field of this app has long been named otherwise.
 */
export function inputOf(field: FormField, key: string = field.name): InputField {
  const base = { key, label: field.label, required: false, helpText: field.description };
  switch (field.kind) {
    case 'choice':
      return {
        ...base,
        choices: Object.fromEntries(field.choices!.map((choice) => [choice.value, choice.label])),
      };
    // No default: a default is stored in every new Zap, and empty already means core's default.
    case 'count':
      return { ...base, type: 'integer' };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'date':
      return { ...base, type: 'datetime' };
    case 'list':
      return { ...base, type: 'text' };
    default:
      return { ...base, type: 'string' };
  }
}

/** Simplify, for steps whose records it flattens. */
export function simplifyInput(id: EndpointId): InputField[] {
  return isSimplifiable(id) ? [{ ...inputOf(simplifyField([recordKindOf(id)])), default: 'false' }] : [];
}

/** Max Pages per Poll left empty: a check of five pages keeps its credits and time small. */
export const DEFAULT_TRIGGER_PAGES = 5;

/** The input values core takes for an endpoint, without Zapier's own fields. */
export function paramsFrom(id: EndpointId, inputData: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name] of inputParams(id)) {
    const value = inputData[name];
    if (value !== undefined && value !== '') params[name] = value;
  }
  return params;
}
