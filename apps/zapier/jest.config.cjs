module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'zapier',
  // build/, the folder `zapier-platform push` uploads, holds a second package.json of this name.
  modulePathIgnorePatterns: ['<rootDir>/build/'],
  // A step may take its whole 25 s budget (STEP_BUDGET_MS) on a busy machine, and a test runs up
  // to four of them (a trigger polled twice, example Zaps of several steps): the timeout exceeds
  // their sum, so a slow machine fails a test by a step's own budget, with its message.
  testTimeout: 120_000,
};
