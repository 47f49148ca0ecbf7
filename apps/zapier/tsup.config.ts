import { defineConfig } from 'tsup';

import { hostBundle } from '../../tsup.bundle';

// Zapier installs the app's `dependencies` (zapier-platform-core only) and nothing from the
// workspace, so core goes into the one file Zapier loads.
export default defineConfig(hostBundle({ index: 'src/index.ts' }, 'zapier-platform-core'));
