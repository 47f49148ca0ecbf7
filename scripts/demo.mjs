#!/usr/bin/env node
// The main job, until the n8n demo replaces it: calls a few endpoints through the core client
// and prints what came back. Against SOCIAL_DATA_BASE_URL when it is set; otherwise against a
// sandbox it starts on a free loopback port and stops at the end.
import { clientOptionsFromEnv, createClient } from '../packages/core/dist/node.js';
import { SocialDataError, simplifyTweet, simplifyUser } from '../packages/core/dist/index.js';
import { startSandbox } from '../apps/sandbox/dist/index.js';

const options = clientOptionsFromEnv();
let sandbox;
if (!options.baseUrl) {
  sandbox = await startSandbox({ port: 0 });
  Object.assign(options, {
    baseUrl: sandbox.url,
    apiKey: sandbox.keys[0],
    cookie: 'auth_token=sandbox; ct0=sandbox',
    proxy: 'http://user:pass@127.0.0.1:8080',
  });
  console.log(`No SOCIAL_DATA_BASE_URL set: using a local sandbox on ${sandbox.url}`);
}

const userName = process.env.SOCIAL_DATA_DEMO_USER ?? (sandbox ? 'social_data' : 'jack');
const client = createClient({
  ...options,
  logger: process.env.SOCIAL_DATA_DEBUG ? (line) => console.error(`  ${line}`) : undefined,
});

function show(title, rows) {
  console.log(`\n== ${title}`);
  console.table(rows);
}

async function main() {
  const profile = await client.call('getUser', { userName });
  const { name, followers, following, statuses_count, created_at_iso, profile_url } = simplifyUser(profile);
  show(`getUser ${userName}`, [{ name, followers, following, statuses_count, created_at_iso, profile_url }]);

  const followersRun = client.paginate('getUserFollowers', { userName }, { limit: 5 });
  const firstFollowers = await followersRun.toArray();
  show(
    `getUserFollowers ${userName} (limit 5, resume at ${followersRun.nextCursor ?? 'end'})`,
    firstFollowers.map((u) => ({ id: u.id, userName: u.userName })),
  );

  const tweetsPage = await client.call('getUserTweets', { userName });
  const ids = tweetsPage.tweets.slice(0, 3).map((t) => t.id);
  if (ids.length) {
    const looked = await client.call('lookupTweets', { tweet_ids: ids });
    show(
      `lookupTweets ${ids.join(',')}`,
      looked
        .map(simplifyTweet)
        .map(({ id, url, likeCount, created_at_iso: at }) => ({ id, url, likeCount, at })),
    );
  }

  if (options.cookie && options.proxy) {
    const bookmarks = await client.paginate('getBookmarks', {}, { limit: 3 }).toArray();
    show(
      'getBookmarks (own session, limit 3)',
      bookmarks.map((t) => ({ id: t.id, author: t.author.userName })),
    );
  }
  console.log('\nDone: every call went through @social-data/core.');
}

try {
  await main();
} catch (error) {
  if (error instanceof SocialDataError) console.error(`\n${error.name}: ${error.message}\n${error.hint}`);
  else console.error(error);
  process.exitCode = 1;
} finally {
  await sandbox?.close();
}
