module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'zapier',
  // build/ holds a second package.json of the same name (the folder `zapier push` uploads).
  modulePathIgnorePatterns: ['<rootDir>/build/'],
};
