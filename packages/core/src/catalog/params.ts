import type { ParamLocation } from './types';

/** Parameter specs that several endpoints share; each endpoint still lists its own. */

export const userNameParam = {
  in: 'path',
  format: 'screenName',
  required: true,
  displayName: 'Username',
  description: 'Screen name of the account, with or without @, or its profile URL (x.com/name).',
} as const;

export const listIdParam = {
  in: 'path',
  format: 'listId',
  required: true,
  displayName: 'List',
  description: 'Numeric id of the list, or its URL (x.com/i/lists/123).',
} as const;

export const communityIdParam = {
  in: 'path',
  format: 'communityId',
  required: true,
  displayName: 'Community',
  description: 'Numeric id of the community, or its URL (x.com/i/communities/123).',
} as const;

export const topicIdParam = {
  in: 'path',
  format: 'topicId',
  required: true,
  displayName: 'Topic',
  description: 'Numeric id of the topic, or its URL (x.com/i/topics/123).',
} as const;

export function cursorParam<L extends ParamLocation>(location: L) {
  return {
    in: location,
    format: 'cursor',
    required: false,
    displayName: 'Cursor',
    description: 'next_cursor of the previous page; leave empty for the first page.',
  } as const;
}

export function countParam<L extends ParamLocation>(location: L) {
  return {
    in: location,
    format: 'count',
    required: false,
    displayName: 'Page Size',
    description: 'How many records one request returns.',
  } as const;
}

/**
 * The body fields every own-session endpoint carries. They come from the session credential, not
 * from a call's parameters, so they are declared once here rather than in each entry.
 */
export const sessionParams = {
  cookie: {
    in: 'body',
    format: 'cookie',
    required: true,
    displayName: 'Session Cookie',
    description: 'Session authentication cookie of your own account.',
  },
  proxy: {
    in: 'body',
    format: 'proxy',
    required: true,
    displayName: 'Proxy',
    description: 'Proxy URL the API uses for your session: http, https, socks5 or socks5h.',
  },
} as const;
