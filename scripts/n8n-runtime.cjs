#!/usr/bin/env node
// Provides real n8n installs for the end-to-end tests, the demo and the dev editor, cached under
// .cache/ so only the first run pays for them. The install recipes follow what was measured on
// these machines (docs/decisions.md, "Running real n8n"): both lines need --ignore-scripts
// because install scripts reach the internet, then sqlite3 is rebuilt against the Node that will
// run it. n8n 2.x needs Node 24, which comes from the registry's `node` package. CommonJS, so
// jest tests and ESM scripts can both load it.
const { spawn, spawnSync } = require('node:child_process');
const {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { delimiter, dirname, join } = require('node:path');

const root = join(__dirname, '..');
const cacheDir = join(root, '.cache');

const N8N_LINES = {
  1: { version: '1.123.81', node: null, overrides: { xlsx: 'npm:@e965/xlsx@0.20.2' } },
  2: {
    version: '2.41.1',
    node: '24.21.0',
    overrides: { xlsx: 'npm:@e965/xlsx@0.20.2', linkedom: '0.18.14' },
  },
};

function npm(args, cwd, env = process.env) {
  const result = spawnSync('npm', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    const tail = `${result.stdout}${result.stderr}`.split('\n').slice(-30).join('\n');
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${tail}`);
  }
}

const quietInstall = ['--no-audit', '--no-fund', '--loglevel=error', '--no-package-lock'];

function ensureNode(version, log) {
  const dir = join(cacheDir, `node-${version}`);
  const bin = join(dir, 'node_modules', 'node', 'bin', 'node');
  // The `node` package installs the binary and headers through a platform package of its own.
  const platform = join(
    dir,
    'node_modules',
    'node',
    'node_modules',
    `node-${process.platform}-${process.arch}`,
  );
  if (existsSync(join(dir, '.ready'))) return { headers: platform, bin };
  log(`installing Node ${version} from the npm registry`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true }));
  npm(['install', ...quietInstall, `node@${version}`], dir);
  writeFileSync(join(dir, '.ready'), version);
  return { headers: platform, bin };
}

/** Installs (once) and describes the n8n of one line: its binary and the Node that runs it. */
function ensureN8n(line, log = (message) => console.log(`[n8n ${line}.x] ${message}`)) {
  const spec = N8N_LINES[line];
  if (!spec) throw new Error(`unknown n8n line ${line}; use one of ${Object.keys(N8N_LINES)}`);
  const node = spec.node ? ensureNode(spec.node, log) : { headers: null, bin: process.execPath };
  const dir = join(cacheDir, `n8n-${spec.version}`);
  const bin = join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
  const stamp = JSON.stringify(spec);
  const ready = join(dir, '.ready');
  if (!existsSync(ready) || readFileSync(ready, 'utf8') !== stamp) {
    log(`installing n8n ${spec.version} into .cache/ (a few minutes, once)`);
    const started = Date.now();
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ private: true, overrides: spec.overrides }, null, 2),
    );
    npm(['install', ...quietInstall, '--omit=dev', '--ignore-scripts', `n8n@${spec.version}`], dir);
    log('rebuilding sqlite3 for the Node that runs n8n');
    const buildEnv = { ...process.env };
    if (node.headers) {
      buildEnv.npm_config_nodedir = node.headers;
      buildEnv.PATH = [dirname(node.bin), process.env.PATH].join(delimiter);
    }
    npm(['rebuild', 'sqlite3'], dir, buildEnv);
    writeFileSync(ready, stamp);
    log(`installed in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return { line, version: spec.version, node: node.bin, bin };
}

/** Environment that keeps a headless n8n off the network and quiet on stdout. */
function n8nEnvironment(runtime, userFolder, extra = {}) {
  const env = {
    PATH: process.env.PATH,
    HOME: userFolder,
    N8N_USER_FOLDER: userFolder,
    N8N_ENCRYPTION_KEY: 'social-data-e2e-encryption-key',
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_VERIFIED_PACKAGES_ENABLED: 'false',
    N8N_DYNAMIC_BANNERS_ENABLED: 'false',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_HIRING_BANNER_ENABLED: 'false',
    N8N_LOG_LEVEL: 'info',
    N8N_LOG_OUTPUT: 'console',
    DB_SQLITE_POOL_SIZE: '2',
    NODE_OPTIONS: '--max-old-space-size=4096',
    ...(runtime.line === 1
      ? { N8N_RUNNERS_ENABLED: 'false', N8N_EXPRESSION_ENGINE: 'legacy' }
      : { N8N_DISABLED_MODULES: 'mcp-registry' }),
    ...extra,
  };
  return env;
}

/**
 * A throwaway n8n user folder with the built package where n8n looks for installed community
 * packages (`.n8n/nodes/node_modules/<name>`), with what its `files` field publishes.
 */
function createUserFolder(packageDir, prefix = 'n8n-user-') {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const target = join(folder, '.n8n', 'nodes', 'node_modules', manifest.name);
  mkdirSync(target, { recursive: true });
  for (const entry of ['package.json', 'dist']) {
    const source = join(packageDir, entry);
    if (!existsSync(source)) throw new Error(`${source} is missing: build the package first`);
    cpSync(source, join(target, entry), { recursive: true });
  }
  writeFileSync(
    join(folder, '.n8n', 'nodes', 'package.json'),
    JSON.stringify({
      name: 'installed-nodes',
      private: true,
      dependencies: { [manifest.name]: manifest.version },
    }),
  );
  return folder;
}

/**
 * Runs one n8n CLI command to completion; resolves with its exit code and output. Output goes
 * to files, not pipes: n8n exits with process.exit(), which cuts a pipe's pending output (a large
 * `--rawOutput` run was cut at 24 MB), while writes to a file are synchronous.
 */
function runN8n(runtime, args, env, { timeoutMs = 300_000 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-cli-'));
  const outFile = join(dir, 'stdout');
  const errFile = join(dir, 'stderr');
  const out = openSync(outFile, 'w');
  const err = openSync(errFile, 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(runtime.node, [runtime.bin, ...args], { env, stdio: ['ignore', out, err] });
    let done = false;
    const finish = (settle) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      closeSync(out);
      closeSync(err);
      const stdout = readFileSync(outFile, 'utf8');
      const stderr = readFileSync(errFile, 'utf8');
      rmSync(dir, { recursive: true, force: true });
      settle(stdout, stderr);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish((stdout, stderr) =>
        reject(new Error(`n8n ${args[0]} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`)),
      );
    }, timeoutMs);
    child.on('error', (error) => finish(() => reject(error)));
    child.on('close', (code) => finish((stdout, stderr) => resolve({ code, stdout, stderr })));
  });
}

/** `n8n execute --rawOutput` prints log lines before the run on 2.x: the JSON starts at a lone `{`. */
function parseRawOutput(stdout) {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line === '{');
  if (start === -1) return null;
  const end = lines.lastIndexOf('}');
  return JSON.parse(lines.slice(start, end + 1).join('\n'));
}

module.exports = { N8N_LINES, ensureN8n, n8nEnvironment, createUserFolder, runN8n, parseRawOutput };

if (require.main === module) {
  const [command, ...lines] = process.argv.slice(2);
  if (command !== 'install') {
    console.error('usage: node scripts/n8n-runtime.cjs install [1] [2]');
    process.exit(2);
  }
  for (const line of lines.length ? lines : Object.keys(N8N_LINES)) {
    const runtime = ensureN8n(line);
    console.log(`[n8n ${line}.x] ready: n8n ${runtime.version} on ${runtime.node}`);
  }
}
