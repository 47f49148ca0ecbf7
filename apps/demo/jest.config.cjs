// Real n8n and a real browser: one file at a time, so the two cores are not shared three ways
// with the n8n package's end-to-end run that turbo starts beside this one.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'demo',
  maxWorkers: 1,
  testTimeout: 600_000,
};
