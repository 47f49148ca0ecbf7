// The bundle a host loads with require() and installs nothing for: one CommonJS file per entry,
// with core inlined (it is a devDependency) and only the host's own library left external.
// Used by the n8n package (host: n8n-workflow) and the Zapier app (host: zapier-platform-core).
import type { Options } from 'tsup';

export function hostBundle(entry: Record<string, string>, host: string): Options {
  return {
    entry,
    format: ['cjs'],
    target: 'node20',
    platform: 'node',
    clean: true,
    sourcemap: false,
    splitting: false,
    external: [host],
    noExternal: ['@social-data/core'],
    // Core's entries import their shared chunks bare, for evaluation order; core declares no
    // side effects (its package.json), so dropping those imports is right, and the warning that
    // esbuild prints for each, four times a build, is noise a first build should not show.
    esbuildOptions(options) {
      options.logOverride = { ...options.logOverride, 'ignored-bare-import': 'silent' };
    },
  };
}
