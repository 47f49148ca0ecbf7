import { endpointIds, endpointSpec, inputParams } from '@social-data/core';
import type { EndpointId, ParamSpec, UserSetting } from '@social-data/core';
import type { FeedId } from '@social-data/core/feeds';
import type { Command } from 'commander';
import type { FieldNames } from '../run/failure';

/** `followersYouKnow`, `list_id` → `followers-you-know`, `list-id`. */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

export function plural(word: string): string {
  return word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`;
}

export interface CommandName {
  group: string;
  operation: string;
}

/**
 * The command of an endpoint, read off its catalog entry so a new entry needs no change here:
 * the resource is the group; the display name, less "Get" and the resource's own name, is the
 * operation ("Get Followers You Know" → `user followers-you-know`). "Many" makes the group plural
 * and "by ID" goes, the ids being the argument (`users get`); a bare "Get" is `get`; a variant in
 * parentheses keeps its verb (`user get-own-session`).
 */
export function commandName(id: EndpointId): CommandName {
  const spec = endpointSpec(id);
  const resource = kebab(spec.resource);
  const variant = /\(.*\)/.test(spec.displayName);
  let words = spec.displayName.replace(/[()]/g, '').split(/\s+/).filter(Boolean);
  const many = words.includes('Many');
  const own = resource.split('-');
  words = words.filter((word) => word !== 'Many');
  const byId = words.findIndex((word, index) => word === 'by' && words[index + 1] === 'ID');
  if (byId >= 0) words.splice(byId, 2);
  const start = words.findIndex((_, index) =>
    own.every((part, offset) => words[index + offset]?.toLowerCase() === part),
  );
  if (start >= 0) words.splice(start, own.length);
  if (words[0] === 'Get' && words.length > 1 && !variant) words.shift();
  return { group: many ? plural(resource) : resource, operation: kebab(words.join(' ')) || 'get' };
}

export const commandNames: ReadonlyMap<EndpointId, CommandName> = new Map(
  endpointIds.map((id) => [id, commandName(id)]),
);

/** `newMutualFollower` → `new-mutual-follower`. */
export function feedName(id: FeedId): string {
  return kebab(id);
}

/** Whether a parameter is a single id a user may give several of (each one a run of its own). */
export function isSubject(spec: ParamSpec): boolean {
  return ['screenName', 'listId', 'communityId', 'topicId'].includes(spec.format);
}

export function isIdList(spec: ParamSpec): boolean {
  return spec.format === 'tweetIdList' || spec.format === 'userIdList';
}

/** The parameter given as the positional argument: the one required input, when there is one. */
export function positionalParam(id: EndpointId): [string, ParamSpec] | undefined {
  return inputParams(id).find(([, spec]) => spec.required);
}

/** Every other input: an option each. */
export function optionParams(id: EndpointId): Array<[string, ParamSpec]> {
  return inputParams(id).filter(([, spec]) => !spec.required);
}

/**
 * Core's names for the settings, as a terminal user knows them (variables and `configure` say
 * where), and the tuning a flag gives (its own checks come first; these name it should core's).
 */
const SETTING_NAMES: Record<string, string> = {
  apiKey: 'API key',
  baseUrl: 'base URL',
  cookie: 'cookie',
  proxy: 'proxy',
  allowInsecureHttp: '--allow-insecure-http',
  maxRetries: '--retries',
  timeoutMs: '--timeout',
} satisfies Record<UserSetting | 'maxRetries' | 'timeoutMs', string>;

/**
 * Names a message about one input uses: the command's argument (`<user-name>`), its option
 * (`--page-size`), a setting in words, so the user finds what to correct on the line they typed.
 */
export function fieldNames(command: Command, argument?: string): FieldNames {
  return (field) => {
    if (field === argument) return `<${kebab(field)}>`;
    const flag = `--${kebab(field)}`;
    if (command.options.some((option) => option.long === flag && !option.hidden)) return flag;
    return Object.hasOwn(SETTING_NAMES, field) ? SETTING_NAMES[field] : undefined;
  };
}
