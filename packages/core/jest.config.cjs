module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'core',
  moduleNameMapper: { '^@social-data/core$': '<rootDir>/src/index.ts' },
};
