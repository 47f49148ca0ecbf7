import { defineConfig } from 'tsup';

// The node entry imports the main entry by package name and keeps it external, so both entries
// share one copy of the error classes (instanceof works across them) and the main entry stays
// free of Node globals.
export default defineConfig({
  entry: { index: 'src/index.ts', node: 'src/node.ts', files: 'src/files.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  external: ['@social-data/core'],
});
