import { cpSync } from 'node:fs';

import { defineConfig } from 'tsup';

// n8n loads community packages with require() and installs none of their dependencies, so core
// is bundled into each entry (it is a devDependency) and only n8n-workflow, which the host
// provides, stays external. Icons and the codex file sit where the `file:` paths point.
export default defineConfig({
  entry: {
    'nodes/SocialData/SocialData.node': 'nodes/SocialData/SocialData.node.ts',
    'nodes/SocialDataTrigger/SocialDataTrigger.node': 'nodes/SocialDataTrigger/SocialDataTrigger.node.ts',
    'credentials/SocialDataApi.credentials': 'credentials/SocialDataApi.credentials.ts',
    'credentials/SocialDataSession.credentials': 'credentials/SocialDataSession.credentials.ts',
  },
  format: ['cjs'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: false,
  splitting: false,
  external: ['n8n-workflow'],
  noExternal: ['@social-data/core'],
  async onSuccess() {
    cpSync('icons', 'dist/icons', { recursive: true });
    for (const node of ['SocialData', 'SocialDataTrigger']) {
      cpSync(`nodes/${node}/${node}.node.json`, `dist/nodes/${node}/${node}.node.json`);
    }
  },
});
