// End-to-end: real n8n processes (1.x on this Node, 2.x on Node 24) run the built package
// against the sandbox. One file per n8n line, so the two lines run side by side.
module.exports = {
  ...require('../../jest.preset.cjs'),
  // The exported standalone tree holds a second package.json of the same name.
  modulePathIgnorePatterns: ['<rootDir>/standalone/'],
  displayName: 'n8n-e2e',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'],
  testTimeout: 300_000,
};
