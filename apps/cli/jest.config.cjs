// The suites run the built binary as a child process against an in-process sandbox; exports of
// 100,000 followers run several times, so the timeout is a hang guard for a loaded CI machine.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'cli',
  testTimeout: 600_000,
};
