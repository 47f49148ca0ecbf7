#!/usr/bin/env node
// The first version of the main job: calls a few endpoints through the core client against
// SOCIAL_DATA_BASE_URL and prints what came back. It starts nothing; the sandbox and the n8n
// demo replace it.
import { clientOptionsFromEnv, createClient } from '../packages/core/dist/node.js';
import { SocialDataError, simplifyTweet, simplifyUser } from '../packages/core/dist/index.js';

const options = clientOptionsFromEnv();
if (!options.baseUrl || !options.apiKey) {
  console.error(
    [
      'Set where the API is and your key, then run again:',
      '  SOCIAL_DATA_BASE_URL=https://… SOCIAL_DATA_API_KEY=tda_… npm run demo',
      'Optional: SOCIAL_DATA_DEMO_USER (default jack); SOCIAL_DATA_COOKIE and SOCIAL_DATA_PROXY for own-session calls.',
    ].join('\n'),
  );
  process.exit(2);
}

const userName = process.env.SOCIAL_DATA_DEMO_USER ?? 'jack';
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
  const { userName: name, followers, following, statuses_count, created_at_iso } = simplifyUser(profile);
  show(`getUser ${userName}`, [{ name, followers, following, statuses_count, created_at_iso }]);

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

main().catch((error) => {
  if (error instanceof SocialDataError) {
    console.error(`\n${error.name}: ${error.message}\n${error.hint}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
