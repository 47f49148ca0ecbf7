const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'core',
  moduleNameMapper: {
    '^@social-data/core$': '<rootDir>/src/index.ts',
    '^@social-data/core/(.*)$': '<rootDir>/src/$1.ts',
  },
  // The exhaustive checks run on their own, first, while the machine is quiet (test:exhaustive).
  testPathIgnorePatterns: ['/node_modules/', '\\.exhaustive\\.'],
};
