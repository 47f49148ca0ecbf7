import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { demo: 'src/demo.ts', dev: 'src/dev.ts' },
  format: ['esm'],
  clean: true,
  shims: true,
  target: 'node20',
});
