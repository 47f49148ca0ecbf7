/** How big each measurement runs: `full` is what the issue asks for, `tiny` is the smoke test's. */
export const SIZES = {
  full: {
    rounds: 11,
    followersAccount: 'followers_100k',
    followers: 100_000,
    batchIds: 10_000,
    iterateAccount: 'followers_1m',
    iterate: 1_000_000,
    collectAccount: 'followers_100k',
    collect: 100_000,
    requireRuns: 7,
    mediaFiles: 200,
    mediaBytes: 5 * 1024 * 1024,
  },
  tiny: {
    rounds: 1,
    followersAccount: 'followers_1k',
    followers: 1_000,
    batchIds: 250,
    iterateAccount: 'followers_1k',
    iterate: 1_000,
    collectAccount: 'followers_1k',
    collect: 1_000,
    requireRuns: 2,
    mediaFiles: 8,
    mediaBytes: 1024 * 1024,
  },
};
