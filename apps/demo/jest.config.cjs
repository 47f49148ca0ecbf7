// Real n8n and a real browser. Two files at a time: the million-follower example alone takes
// longer than every other file together, and the waits of the rest (n8n's starts and polls, the
// editor) leave the cores to it; one at a time made this package the last to finish in CI.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'demo',
  maxWorkers: 2,
  testTimeout: 600_000,
};
