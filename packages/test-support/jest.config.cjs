module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'test-support',
};
