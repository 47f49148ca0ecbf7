// The same community-package rules on what ships: the bundled JavaScript in dist, with core
// inlined, is what n8n's scanner reads, so the runtime rules run on it too.
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

const { recommended } = n8nCommunityNodesPlugin.configs;

export default [
  {
    files: ['dist/**/*.js'],
    // n8n-nodes-base is registered so the source's naming-rule directives, which survive
    // bundling, resolve; those rules are not run here.
    plugins: { ...recommended.plugins, 'n8n-nodes-base': n8nNodesBase },
    languageOptions: { sourceType: 'commonjs', ecmaVersion: 2022 },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      '@n8n/community-nodes/no-restricted-globals': 'error',
      '@n8n/community-nodes/no-restricted-imports': 'error',
      '@n8n/community-nodes/no-dangerous-functions': 'error',
      '@n8n/community-nodes/no-deprecated-workflow-functions': 'error',
      '@n8n/community-nodes/no-hardcoded-secrets': 'error',
      '@n8n/community-nodes/no-http-request-with-manual-auth': 'error',
      'no-console': 'error',
    },
  },
];
