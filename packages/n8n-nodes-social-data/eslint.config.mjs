// The rules n8n applies to community packages (@n8n/node-cli's config, which carries
// @n8n/eslint-plugin-community-nodes and eslint-plugin-n8n-nodes-base). They judge what ships;
// build and test files are not shipped, so the runtime-import and process rules do not apply to
// them (the end-to-end tests start real n8n processes), and tests hold deliberately distinctive
// fake secrets to prove none of them leaks.
import { config } from '@n8n/node-cli/eslint';

import { noCycleRule } from '../../eslint.no-cycle.mjs';
import { noSpreadArguments } from '../../eslint.no-spread.mjs';
import { typedPromises } from '../../eslint.typed.mjs';

export default [
  ...config,
  { ignores: ['coverage', 'standalone', '**/*.bundled_*.mjs'] },
  { ...noSpreadArguments, files: ['nodes/**/*.ts', 'credentials/**/*.ts'] },
  { ...noCycleRule, files: ['nodes/**/*.ts', 'credentials/**/*.ts'] },
  { ...typedPromises, files: ['nodes/**/*.ts', 'credentials/**/*.ts'] },
  {
    files: ['tsup.config.ts', 'test/**/*.ts'],
    rules: {
      '@n8n/community-nodes/no-restricted-imports': 'off',
      '@n8n/community-nodes/no-restricted-globals': 'off',
      '@n8n/community-nodes/no-hardcoded-secrets': 'off',
      '@n8n/community-nodes/no-dangerous-functions': 'off',
    },
  },
];
