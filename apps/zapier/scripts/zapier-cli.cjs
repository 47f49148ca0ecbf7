// Runs Zapier's own CLI (`zapier-platform`, from zapier-platform-cli 19, the line of
// zapier-platform-core 19) in the current folder: `npm run zapier -- invoke auth test`.
// The CLI refuses Node below 22 while the workspace supports Node 20, so on an older Node it runs
// under the Node 24 the n8n harness already caches (its CACHE_DIR) for n8n 2.x. Analytics and the
// update check are off: they are the CLI's only calls out when it runs an app locally.
const { spawn } = require('node:child_process');
const { dirname, join } = require('node:path');

const MIN_NODE_MAJOR = 22;

function cliNode() {
  if (Number(process.versions.node.split('.')[0]) >= MIN_NODE_MAJOR) return process.execPath;
  let harness;
  try {
    harness = require('@social-data/n8n-harness');
  } catch {
    throw new Error(
      `Zapier's CLI needs Node ${MIN_NODE_MAJOR} or newer (this is ${process.version}); run \`npm run build\` at the repository root so the harness can provide one, or use a newer Node.`,
    );
  }
  return harness.ensureNode(harness.N8N_LINES[2].node, (message) => console.error(`[zapier-cli] ${message}`))
    .bin;
}

const CLI_BIN = join(dirname(require.resolve('zapier-platform-cli/package.json')), 'src', 'bin', 'run');

/** The environment every CLI call gets on top of the caller's. */
const OFFLINE_ENV = { DISABLE_ZAPIER_ANALYTICS: '1', NO_UPDATE_NOTIFIER: '1' };

/**
 * Starts the CLI with `args` in `cwd` and resolves with its exit code, output and duration;
 * `timeoutMs` kills a hung run (a hang guard, not a speed check).
 */
function runZapierCli(args, { cwd = process.cwd(), env = {}, timeoutMs = 0, stdio = 'pipe' } = {}) {
  const node = cliNode();
  const started = Date.now();
  const child = spawn(node, [CLI_BIN, ...args], {
    cwd,
    env: { ...process.env, ...OFFLINE_ENV, ...env },
    stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const timer = timeoutMs > 0 ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : undefined;
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

module.exports = { cliNode, runZapierCli };

if (require.main === module) {
  runZapierCli(process.argv.slice(2), { stdio: 'inherit' }).then(
    ({ code }) => process.exit(code ?? 1),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
