// One file: the registry, the packing and the installs are shared by its tests, in order.
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'first-steps',
  testTimeout: 180_000,
};
