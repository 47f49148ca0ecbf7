// The suites run the built binary as a child process against an in-process sandbox.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'cli',
  testTimeout: 120_000,
};
