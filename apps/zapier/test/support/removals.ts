import type { FeedId } from '@social-data/core/feeds';
import { listId } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { newZap, run } from './app';

/**
 * A removal trigger returns something only after an account left: it takes note of its feed, one
 * account of that feed (the newest, as a new Zap's addition trigger lists it) leaves, and it polls again.
 */
export async function afterRemoval(
  sandbox: Sandbox,
  authData: Record<string, string>,
  key: FeedId,
  inputData: object,
): Promise<unknown> {
  const world = sandbox.world;
  const groups: Partial<Record<FeedId, [FeedId, Parameters<typeof world.leave>[0], () => number]>> = {
    unfollowedBy: ['newFollower', 'followers', () => world.accountByName('social_data')!],
    stoppedFollowing: ['newFollowing', 'following', () => world.accountByName('social_data')!],
    leftList: ['newListMember', 'listMembers', () => world.listByIdString(listId(0))!],
    unmutedAccount: ['newMutedAccount', 'muted', () => 0],
  };
  const [addition, role, owner] = groups[key]!;
  const zap = newZap();
  await run('triggers', key, authData, inputData, zap);
  // A new Zap's first poll of the addition trigger returns the feed's top.
  const [first] = (await run('triggers', addition, authData, inputData, newZap())) as Array<{ id: string }>;
  world.leave(role, owner(), world.accountById(first!.id)!);
  return run('triggers', key, authData, inputData, zap);
}
