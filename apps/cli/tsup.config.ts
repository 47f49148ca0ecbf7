import { defineConfig } from 'tsup';

// One ESM file, run by bin/social-data.js; the libraries stay dependencies the package installs,
// core too (published beside it), so a fix in core reaches the command without a new CLI release.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  clean: true,
  target: 'node20',
  platform: 'node',
});
