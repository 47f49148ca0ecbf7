import type { Sandbox } from '../http/server';
import { WELL_KNOWN } from './accounts';

/**
 * `count` ids of tweets the sandbox has, from the timelines of its well-known accounts in turn
 * (45 each): what a lookup by many ids asks for in tests (issue 38, case 5).
 */
export function tweetIds(sandbox: Sandbox, count: number): string[] {
  const ids: string[] = [];
  for (const { userName } of WELL_KNOWN) {
    const account = sandbox.world.accountByName(userName);
    if (account === undefined) continue;
    const timeline = sandbox.world.accountTweets(account, 'tweets');
    for (const tweet of timeline.slice(0, Math.min(timeline.length, count - ids.length))) ids.push(tweet.id);
    if (ids.length >= count) break;
  }
  if (ids.length < count)
    throw new Error(`the sandbox has ${ids.length} tweets of well-known accounts, not ${count}`);
  return ids;
}
