// Every position-feed history up to the bound (issue 37): one file per page size, side by side.
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: 'core exhaustive',
  testPathIgnorePatterns: ['/node_modules/'],
  testMatch: ['<rootDir>/test/**/*.exhaustive.*.test.ts'],
};
