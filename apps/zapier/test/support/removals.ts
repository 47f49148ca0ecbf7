import type { FeedId } from '@social-data/core';
import { listId } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { run } from './app';

/**
 * A removal trigger returns something only after an account left: it takes note of its feed, one
 * account of that feed (the newest, as its addition trigger lists it) leaves, and it polls again.
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
  await run('triggers', key, authData, inputData);
  const [first] = (await run('triggers', addition, authData, inputData)) as Array<{ id: string }>;
  world.leave(role, owner(), world.accountById(first!.id)!);
  return run('triggers', key, authData, inputData);
}
