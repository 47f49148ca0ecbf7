// Writes the package as a standalone single-package tree, the shape n8n's tools and its
// verification expect: `n8n-node build` compiles it with tsc, `n8n-node lint` lints it with n8n's
// config, and the release workflow publishes it. Core is inlined as TypeScript source under
// core/: only the files its browser-safe entry reaches, never core's Node-only src/node/.
// The monorepo stays the one place we edit; this tree is generated (docs/decisions.md).
//
// Usage: node scripts/export.mjs [out-dir]   (default: standalone/, ignored by git)
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const coreSrc = resolve(packageDir, '..', 'core', 'src');
const repoRoot = resolve(packageDir, '..', '..');

/** The toolchain the standalone tree builds and lints with, pinned like everything else here. */
export const STANDALONE_DEV_DEPENDENCIES = {
  '@n8n/node-cli': '0.48.3',
  eslint: '9.29.0',
  'n8n-workflow': '1.120.31',
  typescript: '5.9.3',
};

const toPosix = (path) => path.split(sep).join(posix.sep);

function filesUnder(directory) {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this candidate; try the next
    }
  }
  throw new Error(`cannot resolve ${specifier} from ${relative(repoRoot, fromFile)}`);
}

function importsOf(file) {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
}

/** Core's entries the node imports: the main one and its subpaths (`@social-data/core/feeds`...). */
const CORE_ENTRIES = ['index', 'feeds', 'agent', 'media', 'files'];

/**
 * Core's files reachable from the entries the node imports; a reach into src/node/ or a package
 * is an error.
 */
export function coreClosure() {
  const seen = new Set();
  const pending = CORE_ENTRIES.map((entry) => join(coreSrc, `${entry}.ts`));
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (toPosix(relative(coreSrc, file)).startsWith('node/'))
      throw new Error(`core's entry reaches the Node-only ${relative(repoRoot, file)}`);
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.'))
        throw new Error(`core imports the package ${specifier} in ${relative(repoRoot, file)}`);
      pending.push(resolveRelative(file, specifier));
    }
  }
  return [...seen].sort();
}

/**
 * Points every import of core at the inlined copy, relative to the importing file: the main entry
 * at core/ (its index.ts), a subpath such as `@social-data/core/files` at core/files (files.ts).
 */
function inlineCoreImports(text, fileInTree) {
  const target = posix.relative(posix.dirname(fileInTree), 'core');
  const specifier = target.startsWith('.') ? target : `./${target}`;
  return text.replace(
    /(from\s+)(['"])@social-data\/core(\/(?:feeds|agent|media|files))?\2/g,
    (_, from, quote, entry = '') => `${from}${quote}${specifier}${entry}${quote}`,
  );
}

function manifestFor(source) {
  const { directory: _directory, ...repository } = source.repository;
  return {
    name: source.name,
    version: source.version,
    description: source.description,
    license: source.license,
    homepage: source.homepage,
    author: source.author,
    keywords: source.keywords,
    repository,
    files: ['dist', 'CHANGELOG.md', 'README.md', 'LICENSE.md'],
    engines: source.engines,
    publishConfig: source.publishConfig,
    scripts: {
      build: 'n8n-node build',
      lint: 'n8n-node lint',
      'lint:fix': 'n8n-node lint --fix',
    },
    n8n: source.n8n,
    peerDependencies: source.peerDependencies,
    devDependencies: STANDALONE_DEV_DEPENDENCIES,
  };
}

// n8n-node's template settings, with the target and checks our sources are written for.
const tsconfig = {
  compilerOptions: {
    strict: true,
    module: 'commonjs',
    moduleResolution: 'node',
    target: 'es2022',
    lib: ['es2022'],
    removeComments: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    useUnknownInCatchVariables: true,
    forceConsistentCasingInFileNames: true,
    noImplicitAny: true,
    preserveConstEnums: true,
    esModuleInterop: true,
    resolveJsonModule: true,
    declaration: true,
    sourceMap: true,
    skipLibCheck: true,
    outDir: './dist/',
  },
  include: ['credentials/**/*', 'nodes/**/*', 'nodes/**/*.json', 'core/**/*', 'package.json'],
};

function mitLicense(holder) {
  return `MIT License

Copyright (c) ${new Date().getUTCFullYear()} ${holder}

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and
associated documentation files (the "Software"), to deal in the Software without restriction,
including without limitation the rights to use, copy, modify, merge, publish, distribute,
sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or
substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT
NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,
DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
`;
}

export function exportStandalone(outDir) {
  const out = resolve(outDir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const write = (path, text) => {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), text);
  };
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

  for (const folder of ['nodes', 'credentials', 'icons'])
    for (const file of filesUnder(join(packageDir, folder))) {
      const inTree = toPosix(relative(packageDir, file));
      if (file.endsWith('.ts')) write(inTree, inlineCoreImports(readFileSync(file, 'utf8'), inTree));
      else cpSync(file, join(out, inTree));
    }
  for (const file of coreClosure()) cpSync(file, join(out, 'core', relative(coreSrc, file)));

  const source = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  write('package.json', json(manifestFor(source)));
  write('tsconfig.json', json(tsconfig));
  // Strict mode makes `n8n-node lint` refuse any config but n8n's own, byte for byte.
  const require = createRequire(join(packageDir, 'package.json'));
  const template = join(
    dirname(require.resolve('@n8n/node-cli/eslint')),
    '../template/templates/shared/default/eslint.config.mjs',
  );
  cpSync(template, join(out, 'eslint.config.mjs'));
  write('.gitignore', 'dist\nnode_modules\n');
  write('LICENSE.md', mitLicense(source.author.name));
  cpSync(join(packageDir, 'README.md'), join(out, 'README.md'));
  // A package before its first release has no changelog yet.
  const changelog = join(packageDir, 'CHANGELOG.md');
  if (existsSync(changelog)) cpSync(changelog, join(out, 'CHANGELOG.md'));
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = exportStandalone(process.argv[2] ?? join(packageDir, 'standalone'));
  console.log(`exported ${relative(process.cwd(), out) || '.'}`);
}
