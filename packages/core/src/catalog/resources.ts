import type { Resource } from './types';

/**
 * Each resource by the name a user picks it by, in the order a picker lists them: n8n's
 * Resource field and an agent tool's title ("Bookmark: Get Many") say the same.
 */
export const RESOURCE_LABELS: Readonly<Record<Resource, string>> = {
  user: 'User',
  tweet: 'Tweet',
  list: 'List',
  community: 'Community',
  topic: 'Topic',
  timeline: 'Timeline',
  bookmark: 'Bookmark',
  mutedAccount: 'Muted Account',
};
