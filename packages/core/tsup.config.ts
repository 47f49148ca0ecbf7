import { defineConfig } from 'tsup';

// The node entry imports the main entry by package name and keeps it external, so both entries
// share one copy of the error classes (instanceof works across them) and the main entry stays
// free of Node globals.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    feeds: 'src/feeds.ts',
    agent: 'src/agent.ts',
    media: 'src/media.ts',
    node: 'src/node.ts',
    files: 'src/files.ts',
  },
  // The entries share chunks (CommonJS too), so each class exists once: an error thrown in
  // /feeds is `instanceof` the class the main entry exports.
  splitting: true,
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  external: ['@social-data/core'],
});
