import { feedIds, feeds, recordKindOf } from '@social-data/core';
import type { FeedId, ParamSpec } from '@social-data/core';
import type { INodeProperties } from 'n8n-workflow';

import { fieldFor, simplifyOption } from '../../shared/fields';
import { hasMedia, mediaOptions } from '../../shared/media/options';
import { eventParams } from './events';

export const DEFAULT_MAX_PAGES = 10;

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
  return [...fields].map(([name, { spec, events }]) => fieldFor(name, spec, { event: events }));
}

/** Events whose items are tweets with media. */
const mediaEvents = feedIds.filter((id) => hasMedia(feeds[id].endpoint));

function withEvents(option: INodeProperties, events: FeedId[]): INodeProperties {
  const show = { ...option.displayOptions?.show, '/event': events };
  return { ...option, displayOptions: { ...option.displayOptions, show } };
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
      typeOptions: { minValue: 1 },
      default: DEFAULT_MAX_PAGES,
      description:
        'Requests one poll may make while it catches up. When more new items arrived than that reads, the rest follow in the next poll; nothing is skipped.',
    },
    simplifyOption(feedIds.map((id) => recordKindOf(feeds[id].endpoint))),
    ...mediaOptions.map((option) => withEvents(option, mediaEvents)),
  ],
};

export const triggerProperties: INodeProperties[] = [eventProperty, ...eventFields(), optionsProperty];
