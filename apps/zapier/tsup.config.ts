import { defineConfig } from 'tsup';

import { hostBundle } from '../../tsup.bundle';

// Zapier installs the app's `dependencies` (zapier-platform-core only) and nothing from the
// workspace, so core goes into the one file Zapier loads.
// Zapier requires the app itself from index.js, not an ES module namespace around it.
export default defineConfig({
  ...hostBundle({ index: 'src/index.ts' }, 'zapier-platform-core'),
  footer: { js: 'module.exports = module.exports.default;' },
});
