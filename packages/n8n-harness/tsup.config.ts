import { defineConfig } from 'tsup';

// Shims give the ESM build __dirname, which finds the repo's .cache/ and scripts/ from dist/.
export default defineConfig({
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  shims: true,
  target: 'node20',
});
