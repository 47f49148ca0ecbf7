import { endpointSpec } from '../catalog/queries';
import type { EndpointId } from '../catalog/endpoints';
import type { ParamSpec } from '../catalog/types';
import { hints } from '../errors/hints';
import { invalid } from './fail';
import { normalizeId, normalizeIdList, normalizeScreenName } from './identifiers';
import {
  normalizeBoolean,
  normalizeCookie,
  normalizeCount,
  normalizeCursor,
  normalizeProxy,
  normalizeText,
} from './values';

export type WireValue = string | number | boolean | string[];
export type NormalizedParams = Record<string, WireValue>;

function normalizeParam(
  id: EndpointId,
  name: string,
  spec: ParamSpec,
  value: unknown,
): WireValue | undefined {
  switch (spec.format) {
    case 'screenName':
      return normalizeScreenName(value, name);
    case 'tweetId':
      return normalizeId('tweet', value, name);
    case 'listId':
      return normalizeId('list', value, name);
    case 'communityId':
      return normalizeId('community', value, name);
    case 'topicId':
      return normalizeId('topic', value, name);
    case 'tweetIdList':
      return normalizeIdList('tweet', value, name);
    case 'userIdList':
      return normalizeIdList('user', value, name);
    case 'count': {
      const range = endpointSpec(id).count ?? { min: 1 };
      return value === undefined || value === null || value === ''
        ? undefined
        : normalizeCount(value, range, name);
    }
    case 'cursor':
      return normalizeCursor(value, name);
    case 'text':
      return normalizeText(value, name, spec.required);
    case 'boolean':
      return normalizeBoolean(value, name);
    case 'cookie':
      return normalizeCookie(value, name);
    case 'proxy':
      return normalizeProxy(value, name);
  }
}

/**
 * Checks and normalizes a call's parameters against the catalog before anything is sent:
 * required ones present, every value in the form the API expects, and no parameter the
 * endpoint does not take.
 */
export function normalizeParams(id: EndpointId, params: Record<string, unknown>): NormalizedParams {
  const specs: Record<string, ParamSpec> = endpointSpec(id).params;
  const accepted = Object.keys(specs);
  for (const name of Object.keys(params)) {
    // Own properties only: `in` would take "constructor" or "toString" for parameters.
    if (!Object.hasOwn(specs, name) && params[name] !== undefined) {
      throw invalid(
        name,
        `${id} does not take this parameter`,
        accepted.length ? `It takes: ${accepted.join(', ')}.` : 'It takes none.',
        hints.validation,
        id,
      );
    }
  }
  const normalized: NormalizedParams = {};
  for (const [name, spec] of Object.entries(specs)) {
    const raw = params[name];
    // Left out or left blank read alike, on every surface: the input's own check of an empty
    // value says what to enter, with an example; a kind with no such check is "required".
    const blank = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
    if (spec.required && blank) {
      if (spec.format !== 'text') normalizeParam(id, name, spec, '');
      throw invalid(name, 'this parameter is required', spec.description);
    }
    const value = normalizeParam(id, name, spec, raw);
    if (value !== undefined) normalized[name] = value;
  }
  return normalized;
}
