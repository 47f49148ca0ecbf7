// Shared jest settings: TypeScript through swc (type errors are the typecheck task's job),
// and no test may reach the network — nock's disableNetConnect runs before every file.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }],
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  maxWorkers: 2,
  reporters: ['default', path.join(__dirname, 'scripts', 'jest-failures-reporter.cjs')],
  // Tests that page through the in-process sandbox take seconds while real n8n and Chromium run
  // beside them on two cores; a timeout is a hang guard here, not a speed check (bench measures).
  testTimeout: 30_000,
};
