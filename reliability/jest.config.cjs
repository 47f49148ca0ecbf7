// Each test file leaves its figures in .reports/reliability/; the teardown sums them into
// .reports/reliability.json, which `npm test` prints at the end. Runs bound their own time (each
// checks its timeout budget); jest's limit is only the backstop for a test that hangs outright.
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'reliability',
  globalSetup: '<rootDir>/test/figures/clear.ts',
  globalTeardown: '<rootDir>/test/figures/merge.ts',
  testTimeout: 60_000,
};
