import { join } from 'node:path';

import { SocialData } from '../nodes/SocialData/SocialData.node';
import { SocialDataTrigger } from '../nodes/SocialDataTrigger/SocialDataTrigger.node';

// Plain scripts shared with the Zapier app's test; they read the descriptions untyped.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkSavedNames } = require('../../../scripts/saved-names.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { savedNames } = require('../scripts/saved-names.cjs');

describe('what saved workflows store', () => {
  it('has not changed since saved-names.json was written', () => {
    const current = savedNames(new SocialData().description, new SocialDataTrigger().description);
    checkSavedNames(
      join(__dirname, '..', 'saved-names.json'),
      current,
      'a new node version (`version: [1, 1.1]` with `@version` display conditions, or a VersionedNodeType v2)',
    );
  });
});
