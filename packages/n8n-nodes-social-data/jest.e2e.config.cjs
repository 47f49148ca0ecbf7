// End-to-end: real n8n processes (1.x on this Node, 2.x on Node 24) run the built package
// against the sandbox. One file per n8n line, so the two lines run side by side. Three at once on
// two cores: the trigger files spend minutes waiting for n8n's minute polls, and with two this
// suite alone ran the last ten minutes of a 57-minute CI.
module.exports = {
  ...require('../../jest.preset.cjs'),
  // The exported standalone tree holds a second package.json of the same name.
  modulePathIgnorePatterns: ['<rootDir>/standalone/'],
  displayName: 'n8n-e2e',
  maxWorkers: 3,
  testSequencer: '<rootDir>/test/e2e/longest-first.cjs',
  testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'],
  testTimeout: 300_000,
};
