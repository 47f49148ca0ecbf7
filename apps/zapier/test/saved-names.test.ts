import { join } from 'node:path';

import App from '../src';

// Plain scripts shared with the n8n node's test; they read the app definition untyped.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkSavedNames } = require('../../../scripts/saved-names.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { savedNames } = require('./support/saved-names.cjs');

describe('what saved Zaps store', () => {
  it('has not changed since saved-names.json was written', async () => {
    checkSavedNames(
      join(__dirname, 'saved-names.json'),
      await savedNames(App),
      'a new step key (the old step kept with `display.hidden: true`, so existing Zaps still run)',
    );
  });
});
