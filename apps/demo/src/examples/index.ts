import { chainLookups } from './chain-lookups';
import { createList } from './create-list';
import { followersInParts } from './followers-in-parts';
import { followersToCsv } from './followers-to-csv';
import { listTweetsToSlack } from './list-tweets-to-slack';
import { mediaTweetsToSlack } from './media-tweets-to-slack';

export { chainLookups, createList, followersInParts, followersToCsv, listTweetsToSlack, mediaTweetsToSlack };
export type { Example, ExampleContext, ExampleResult } from './example';

/** In the order the demo runs them: the triggers last, because they need `n8n start`. */
export const EXAMPLES = [
  followersToCsv,
  chainLookups,
  createList,
  followersInParts,
  listTweetsToSlack,
  mediaTweetsToSlack,
] as const;
