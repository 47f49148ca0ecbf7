import { recordKindOf } from '@social-data/core';
import {
  DEFAULT_POLL_PAGES,
  MAX_ACCOUNTS,
  MAX_POLL_PAGES,
  feedIds,
  feeds,
  takesManyAccounts,
} from '@social-data/core/feeds';
import type { ParamSpec } from '@social-data/core';
import type { FeedId } from '@social-data/core/feeds';
import type { INodeProperties } from 'n8n-workflow';

import { fieldFor, simplifyOption } from '../../shared/fields';
import { filterOptions, isTweetFeed } from '../../shared/filters';
import { hasMedia, mediaOptions } from '../../shared/media/options';
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
  displayName: 'Usernames',
  name: 'userNames',
  type: 'string',
  typeOptions: { rows: 4 },
  required: true,
  default: '',
  placeholder: 'e.g. nasa, @spacex\nhttps://x.com/esa',
  description: `Up to ${MAX_ACCOUNTS} accounts, separated by commas or new lines, as names, @names or profile URLs. An account added later starts quiet (its older tweets are not emitted); one removed is forgotten. An account that fails (not found, suspended) is reported once and does not hold up the others.`,
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
const mediaEvents = feedIds.filter((id) => hasMedia(feeds[id].endpoint));

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
    {
      displayName: 'Max Pages per Poll',
      name: 'maxPages',
      type: 'number',
      typeOptions: { minValue: 1, maxValue: MAX_POLL_PAGES },
      default: DEFAULT_POLL_PAGES,
      description: `Requests one poll may make while it catches up (for each account, when watching many). When more new items arrived than that reads, the rest follow in the next poll; nothing is skipped. Removal events read the whole list when it fits in this many pages, and are sure only of removals within what they read. At most ${MAX_POLL_PAGES}: a poll makes up to twice this plus 15 requests.`,
    },
    simplifyOption(feedIds.map((id) => recordKindOf(feeds[id].endpoint))),
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
