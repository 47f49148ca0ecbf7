module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'input-checks',
};
