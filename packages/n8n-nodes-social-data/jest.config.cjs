// Unit and in-process tests; the trigger's run real polls against an in-process sandbox, which
// takes seconds when CI runs real n8n beside them on two cores, hence the timeout.
module.exports = {
  ...require('../../jest.preset.cjs'),
  // The exported standalone tree holds a second package.json of the same name.
  modulePathIgnorePatterns: ['<rootDir>/standalone/'],
  displayName: 'n8n',
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
  setupFiles: ['<rootDir>/test/support/n8n-env.cjs'],
  testTimeout: 60_000,
};
