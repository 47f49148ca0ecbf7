module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'n8n-harness',
};
