import type { EndpointId } from '@social-data/core';
import type { World } from '../world/world';
import { badRequest, notFound } from './envelope';

export type Params = Record<string, unknown>;

/**
 * What each endpoint serves. The catalog says how an endpoint is called and what shape it
 * answers with; this map only says where its data comes from in the synthetic world. A missing
 * endpoint is a type error.
 */
type Resolver = (world: World, params: Params) => unknown;

function account(world: World, params: Params): number {
  const found = world.accountByName(String(params.userName));
  if (found === undefined) throw notFound('User');
  return found;
}

function list(world: World, params: Params): number {
  const found = world.listByIdString(String(params.list_id));
  if (found === undefined) throw notFound('List');
  return found;
}

function communityIndex(world: World, params: Params): number {
  const found = world.communityIndex(String(params.community_id));
  if (found === undefined) throw notFound('Community');
  return found;
}

/** The batch endpoints take comma-separated ids; unknown ids are left out, as a lookup would. */
function ids(params: Params, name: string): string[] {
  const raw = params[name];
  if (typeof raw !== 'string' || raw.trim() === '')
    throw badRequest(`${name} is required: comma-separated ids`);
  const list = raw.split(',').map((id) => id.trim());
  if (list.some((id) => !/^\d+$/.test(id))) throw badRequest(`${name} must be comma-separated numeric ids`);
  if (list.length > 100) throw badRequest(`${name} takes at most 100 ids per request`);
  return list;
}

export const resolvers = {
  getUser: (world, params) => world.user(account(world, params)),
  getUserWithSession: (world, params) => world.user(account(world, params)),
  getUserTweets: (world, params) => world.accountTweets(account(world, params), 'tweets'),
  getUserReplies: (world, params) => world.accountTweets(account(world, params), 'replies'),
  getUserMedia: (world, params) => world.accountTweets(account(world, params), 'media', true, 'short'),
  getUserFollowing: (world, params) => world.following(account(world, params)),
  getUserFollowers: (world, params) => world.followers(account(world, params)),
  getUserFollowersYouKnow: (world, params) => world.mutuals(account(world, params)),
  lookupTweets: (world, params) => ids(params, 'tweet_ids').flatMap((id) => world.lookupTweet(id) ?? []),
  getUsersByIds: (world, params) =>
    ids(params, 'userIds').flatMap((id) => {
      const index = world.accountById(id);
      return index === undefined ? [] : [world.user(index)];
    }),
  getListSubscribers: (world, params) => world.listSubscribers(list(world, params)),
  getListMembers: (world, params) => world.listMembers(list(world, params)),
  getListTweets: (world, params) => world.listTweets(list(world, params)),
  getCommunityTweets: (world, params) => world.communityTweets(communityIndex(world, params), 'tweets'),
  getCommunityMedia: (world, params) => world.communityTweets(communityIndex(world, params), 'media'),
  getCommunity: (world, params) =>
    world.community(String(params.community_id)) ?? throwError(notFound('Community')),
  getTopic: (world, params) => world.topic(String(params.topic_id)) ?? throwError(notFound('Topic')),
  getForYouTimeline: (world) => world.forYou(),
  getBookmarks: (world) => world.bookmarks(),
  getMutedAccounts: (world) => world.muted(),
  createList: (world, params) => {
    if (typeof params.name !== 'string' || params.name.trim() === '') throw badRequest('name is required');
    if (params.description !== undefined && typeof params.description !== 'string')
      throw badRequest('description must be a string');
    if (params.is_private !== undefined && typeof params.is_private !== 'boolean')
      throw badRequest('is_private must be a boolean');
    return { list_id: world.createList(params.name, params.description ?? '', params.is_private ?? false) };
  },
} satisfies Record<EndpointId, Resolver>;

function throwError(error: Error): never {
  throw error;
}
