/**
 * Type-aware rules on shipped code (issue 39): a promise nobody awaits is a step that may never
 * end, or an error nobody sees; a promise passed where a callback's result is ignored (an event
 * handler, a forEach) loses its failure the same way. They read each file's own tsconfig.
 */
export const typedPromises = {
  languageOptions: { parserOptions: { projectService: true } },
  rules: {
    '@typescript-eslint/no-floating-promises': 'error',
    '@typescript-eslint/no-misused-promises': 'error',
    '@typescript-eslint/await-thenable': 'error',
  },
};
