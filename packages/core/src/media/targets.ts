import type { Media } from '../records/types';
import type { MediaTarget } from './download';

/** Every media item of a tweet as a download target, in order; none when it has no `media`. */
export function mediaTargets(tweet: { id: string; media?: readonly Media[] | undefined }): MediaTarget[] {
  return (tweet.media ?? []).map((item, index) => ({ tweetId: tweet.id, index, item }));
}
