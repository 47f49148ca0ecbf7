module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'n8n',
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
  setupFiles: ['<rootDir>/test/support/n8n-env.cjs'],
};
