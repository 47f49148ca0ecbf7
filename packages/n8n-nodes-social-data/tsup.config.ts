import { cpSync } from 'node:fs';

import { defineConfig } from 'tsup';

import { hostBundle } from '../../tsup.bundle';

// n8n loads community packages with require() and installs none of their dependencies, so core
// is bundled into each entry and only n8n-workflow, which n8n provides, stays external. Icons
// and the codex files sit where the `file:` paths point.
export default defineConfig({
  ...hostBundle(
    {
      'nodes/SocialData/SocialData.node': 'nodes/SocialData/SocialData.node.ts',
      'nodes/SocialDataTrigger/SocialDataTrigger.node': 'nodes/SocialDataTrigger/SocialDataTrigger.node.ts',
      'credentials/SocialDataApi.credentials': 'credentials/SocialDataApi.credentials.ts',
    },
    'n8n-workflow',
  ),
  async onSuccess() {
    cpSync('icons', 'dist/icons', { recursive: true });
    for (const node of ['SocialData', 'SocialDataTrigger']) {
      cpSync(`nodes/${node}/${node}.node.json`, `dist/nodes/${node}/${node}.node.json`);
    }
  },
});
