import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import { noCycle } from './eslint.no-cycle.mjs';
import { noSpreadArguments } from './eslint.no-spread.mjs';
import { typedPromises } from './eslint.typed.mjs';

export default tseslint.config(
  // tsup writes a temporary bundled copy of its config while it builds, beside a running lint.
  {
    ignores: [
      '**/dist/**',
      'apps/zapier/build/**',
      '**/coverage/**',
      '**/node_modules/**',
      '.tools/**',
      '.turbo/**',
      '**/*.bundled_*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    ...noCycle,
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts'],
  },
  {
    ...noSpreadArguments,
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts'],
  },
  {
    ...typedPromises,
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts'],
  },
  {
    // n8n's community-package scanner rejects these in bundled node code; core's main entry is
    // bundled into the n8n package, so only its node entry may touch them.
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/node.ts', 'packages/core/src/node/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'setTimeout',
          'setInterval',
          'setImmediate',
          'clearTimeout',
          'clearInterval',
          'process',
          'globalThis',
          'console',
          'Buffer',
          'fetch',
          'require',
        ].map((name) => ({
          name,
          message:
            'core main entry must stay free of Node globals; use the injected transport/sleep or src/node/.',
        })),
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: {
      globals: globals.node,
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
