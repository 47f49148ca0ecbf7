import type { FastifyInstance } from 'fastify';
import { WELL_KNOWN } from '../world/accounts';
import { accountId, communityId, listId, topicId } from '../world/ids';
import type { GroupRole } from '../world/membership';
import { COMMUNITIES, TOPICS_SEEDED } from '../world/records';
import type { World } from '../world/world';
import { SEEDED_LISTS } from '../world/world';
import { badRequest, notFound, success } from './envelope';
import type { Faults } from './faults';
import { parseFaultRule } from './faults';
import type { Stats } from './stats';

interface ControlContext {
  world: World;
  faults: Faults;
  stats: Stats;
}

type Body = Record<string, unknown>;

const ROLES = ['followers', 'following', 'mutuals', 'listMembers', 'listSubscribers', 'muted'] as const;

function accountOf(world: World, value: unknown, field: string): number {
  const text = String(value ?? '');
  const found = /^\d+$/.test(text) ? world.accountById(text) : world.accountByName(text.replace(/^@/, ''));
  // Named by the field and the value given: `owner "nobody" not found`.
  if (found === undefined) throw notFound(`${field} "${text}"`);
  return found;
}

/**
 * Test-only endpoints outside /social, off unless the sandbox is started with `control`: change
 * the world while it runs (so polling triggers have something new to find), stage faults, read
 * what the server saw.
 */
export function registerControl(server: FastifyInstance, { world, faults, stats }: ControlContext): void {
  server.get('/_sandbox/stats', async () =>
    success({ ...stats, listsCreated: world.listsCreated, faultsInjected: faults.injected }),
  );
  server.post('/_sandbox/stats/reset', async () => {
    stats.reset();
    return success({ reset: true });
  });

  server.get('/_sandbox/directory', async () =>
    success({
      accounts: WELL_KNOWN.map((a, index) => ({
        id: accountId(index),
        userName: a.userName,
        followers: world.counters(index).followers,
      })),
      lists: SEEDED_LISTS.map((l, index) => ({
        id: listId(index),
        name: l.name,
        members: l.members,
        subscribers: l.subscribers,
      })),
      communities: COMMUNITIES.map((c, index) => ({ id: communityId(index), name: c.name })),
      topics: TOPICS_SEEDED.map((t, index) => ({ id: topicId(index), name: t.name })),
    }),
  );

  server.post('/_sandbox/tweets', async (request) => {
    const body = (request.body ?? {}) as Body;
    const feed = body.feed ?? 'tweets';
    if (feed !== 'tweets' && feed !== 'replies' && feed !== 'media')
      throw badRequest('feed must be tweets, replies or media');
    if (body.text !== undefined && typeof body.text !== 'string') throw badRequest('text must be a string');
    let community: number | undefined;
    if (body.community_id !== undefined) {
      community = world.communityIndex(String(body.community_id));
      if (community === undefined) throw notFound('Community');
    }
    return success(world.addTweet(accountOf(world, body.userName, 'userName'), feed, body.text, community));
  });

  server.post('/_sandbox/groups', async (request) => {
    const body = (request.body ?? {}) as Body;
    const role = body.role as GroupRole;
    if (!ROLES.includes(role as (typeof ROLES)[number]))
      throw badRequest(`role must be one of ${ROLES.join(', ')}`);
    if (body.action !== 'join' && body.action !== 'leave') throw badRequest('action must be join or leave');
    let owner = 0;
    if (role === 'listMembers' || role === 'listSubscribers') {
      const list = world.listByIdString(String(body.list_id ?? ''));
      if (list === undefined) throw notFound('List');
      owner = list;
    } else if (role !== 'muted') {
      owner = accountOf(world, body.owner, 'owner');
    }
    const account = accountOf(world, body.account, 'account');
    if (body.action === 'join') world.join(role, owner, account);
    else world.leave(role, owner, account);
    return success(world.user(account));
  });

  server.post('/_sandbox/bookmarks', async (request) => {
    const id = String(((request.body ?? {}) as Body).tweet_id ?? '');
    if (!world.lookupTweet(id)) throw notFound('Tweet');
    world.addBookmark(id);
    return success({ tweet_id: id });
  });

  server.post('/_sandbox/faults', async (request) => {
    try {
      const rule = parseFaultRule(request.body);
      faults.add(rule);
      return success(rule);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
  });
  server.delete('/_sandbox/faults', async () => {
    faults.clear();
    return success({ cleared: true });
  });
}
