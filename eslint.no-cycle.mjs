import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const here = import.meta.dirname;

/**
 * No module may reach itself through its imports (issue 39 point 4): a cycle makes load order
 * matter and hides which piece depends on which. Shared by the root config and the n8n package's
 * own (n8n's rules for community packages), which brings the import-x plugin itself: there,
 * `noCycleRule` goes without `plugins`.
 */
export const noCycleRule = {
  settings: {
    ...importX.flatConfigs.typescript.settings,
    'import-x/resolver': undefined,
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: [`${here}/packages/*/tsconfig.json`, `${here}/apps/*/tsconfig.json`],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export const noCycle = { plugins: { 'import-x': importX }, ...noCycleRule };
