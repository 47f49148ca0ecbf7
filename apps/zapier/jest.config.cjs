module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'zapier',
  // build/, the folder `zapier-platform push` uploads, holds a second package.json of this name.
  modulePathIgnorePatterns: ['<rootDir>/build/'],
};
