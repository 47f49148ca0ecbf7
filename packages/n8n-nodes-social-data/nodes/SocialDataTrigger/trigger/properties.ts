import { recordKindOf, tweetsCarryMedia } from '@social-data/core';
import {
  MAX_ACCOUNTS,
  accountsField,
  feedIds,
  feeds,
  pollPagesField,
  simplifyField,
  takesManyAccounts,
} from '@social-data/core/feeds';
import type { ParamSpec } from '@social-data/core';
import type { FeedId } from '@social-data/core/feeds';
import type { INodeProperties } from 'n8n-workflow';

import { fieldFor, optionOf } from '../../shared/fields';
import { filterOptions, isTweetFeed } from '../../shared/filters';
import { mediaOptions } from '../../shared/media/options';
import { eventParams } from './events';

const eventProperty: INodeProperties = {
  displayName: 'Event',
  name: 'event',
  type: 'options',
  noDataExpression: true,
  default: 'newTweet',
  options: feedIds
    .map((id) => ({ name: feeds[id].displayName, value: id, description: feeds[id].description }))
    .sort((a, b) => a.name.localeCompare(b.name)),
};

/** Events that can watch many accounts at once (API key feeds of tweets and replies). */
const manyAccountEvents = feedIds.filter(takesManyAccounts);

const accountsProperty: INodeProperties = {
  displayName: 'Accounts',
  name: 'accounts',
  type: 'options',
  noDataExpression: true,
  options: [
    { name: 'One Account', value: 'one' },
    {
      name: `Many Accounts (up to ${MAX_ACCOUNTS})`,
      value: 'many',
      description: 'One trigger for a list of accounts: each item says which account it came from',
    },
  ],
  default: 'one',
  displayOptions: { show: { event: manyAccountEvents } },
};

const userNamesProperty: INodeProperties = {
  ...optionOf(accountsField),
  required: true,
  displayOptions: { show: { event: manyAccountEvents, accounts: ['many'] } },
};

/** One field per parameter name, shown for every event whose feed takes it. */
function eventFields(): INodeProperties[] {
  const fields = new Map<string, { spec: ParamSpec; events: FeedId[] }>();
  for (const id of feedIds) {
    for (const [name, spec] of eventParams(id)) {
      const entry = fields.get(name) ?? { spec, events: [] };
      entry.events.push(id);
      fields.set(name, entry);
    }
  }
  return [...fields].map(([name, { spec, events }]) => {
    const field = fieldFor(name, spec, { event: events });
    // One account at a time unless the list is asked for.
    if (name !== 'userName') return field;
    return { ...field, displayOptions: { ...field.displayOptions, hide: { accounts: ['many'] } } };
  });
}

/** Events whose items are tweets with media. */
const mediaEvents = feedIds.filter((id) => tweetsCarryMedia(feeds[id].endpoint));

function withEvents(option: INodeProperties, events: FeedId[]): INodeProperties {
  const show = { ...option.displayOptions?.show, '/event': events };
  return { ...option, displayOptions: { ...option.displayOptions, show } };
}

/**
 * Filters for every tweet event, each option shown for the events it applies to (With Media
 * Only only where tweets carry media).
 */
function triggerFilters(): INodeProperties[] {
  const byName = new Map<string, { option: INodeProperties; events: FeedId[] }>();
  for (const id of feedIds.filter((event) => isTweetFeed(feeds[event].endpoint)))
    for (const option of filterOptions(feeds[id].endpoint, false)) {
      const entry = byName.get(option.name) ?? { option, events: [] };
      entry.events.push(id);
      byName.set(option.name, entry);
    }
  return [...byName.values()].map(({ option, events }) => withEvents(option, events));
}

const optionsProperty: INodeProperties = {
  displayName: 'Options',
  name: 'options',
  type: 'collection',
  placeholder: 'Add Option',
  default: {},
  options: [
    optionOf(pollPagesField()),
    optionOf(simplifyField(feedIds.map((id) => recordKindOf(feeds[id].endpoint)))),
    ...mediaOptions.map((option) => withEvents(option, mediaEvents)),
    ...triggerFilters(),
  ],
};

export const triggerProperties: INodeProperties[] = [
  eventProperty,
  accountsProperty,
  ...eventFields(),
  userNamesProperty,
  optionsProperty,
];
