import { inputParams, isSimplifiable } from '@social-data/core';
import { MAX_POLL_PAGES } from '@social-data/core/feeds';
import type { EndpointId, ParamFormat } from '@social-data/core';

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

const examples: Partial<Record<ParamFormat, string>> = {
  screenName: 'A username, `@username` or profile URL, e.g. `https://x.com/social_data`.',
  listId: 'The list id or its URL, e.g. `https://x.com/i/lists/1500000000000000000`.',
  communityId: 'The community id or its URL, e.g. `https://x.com/i/communities/1600000000000000000`.',
  topicId: 'The topic id or its URL, e.g. `https://x.com/i/topics/1700000000000000000`.',
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

export function simplifyField(id: EndpointId): InputField[] {
  if (!isSimplifiable(id)) return [];
  return [
    {
      key: 'simplify',
      label: 'Simplify',
      type: 'boolean',
      default: 'false',
      required: false,
      helpText:
        'Flatten each record into one level of fields (author_ fields, media URLs, an ISO date, a link) instead of the record as the API sends it.',
    },
  ];
}

export const DEFAULT_TRIGGER_PAGES = 5;

/**
 * How deep a trigger's poll reads. Zapier keeps no state for a trigger but the ids it has seen,
 * so a poll reads from the top every time: without a cap a long feed would cost its whole size
 * bound in requests (40 pages of followers) on every poll.
 */
export function maxPagesField(): InputField {
  return {
    key: 'max_pages',
    label: 'Max Pages per Poll',
    type: 'integer',
    default: String(DEFAULT_TRIGGER_PAGES),
    required: false,
    helpText: `Pages each check for new items reads; each request costs credits. More new items than these pages hold are read over the next checks, each once; a check may make up to twice this plus 15 requests to find where a burst ends, and the first check of a Zap reads up to 5 pages. From 1 to ${MAX_POLL_PAGES}; Zapier's time and size limits cap it anyway.`,
  };
}

const YES = new Set(['true', 'yes', '1']);
const NO = new Set(['false', 'no', '0']);

/**
 * A boolean as Zapier may hand it over: true/false, or text from its yes/no dropdown or a mapped
 * field. Anything else is left for core to refuse, naming the field.
 */
export function zapierBoolean(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const text = String(value).trim().toLowerCase();
  return YES.has(text) ? true : NO.has(text) ? false : value;
}

/** The input values core takes for an endpoint, without Zapier's own fields. */
export function paramsFrom(id: EndpointId, inputData: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, spec] of inputParams(id)) {
    const value = inputData[name];
    if (value !== undefined && value !== '')
      params[name] = spec.format === 'boolean' ? zapierBoolean(value) : value;
  }
  return params;
}
