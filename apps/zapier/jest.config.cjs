module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'zapier',
  // build/, the folder `zapier-platform push` uploads, holds a second package.json of this name.
  modulePathIgnorePatterns: ['<rootDir>/build/'],
  // A step may take its whole 25 s budget (STEP_BUDGET_MS) on a busy machine, and a test runs up
  // to four of them (a trigger polled twice, example Zaps of several steps): the timeout exceeds
  // their sum, so a slow machine fails a test by a step's own budget, with its message.
  testTimeout: 120_000,
  // zapier-platform-core kills its process after 250 runs once RSS passes 450 MB
  // (KILL_MIN_LIMIT, KILL_MAX_LIMIT in its constants): a worker that ran the sandbox suites before
  // the 197-test nock file reached that. A worker starts afresh after a file that left it large.
  workerIdleMemoryLimit: '300MB',
};
