// A sandbox in its own process, so the client under test does not share an event loop (or a
// core) with the server it measures against.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../apps/sandbox/dist/cli.js', import.meta.url));
export const BENCH_KEY = 'tda_bench_key_0001';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `apps/sandbox/dist/cli.js`; resolves once it listens. `latencyMs` delays every answer. */
export async function startSandboxProcess({ latencyMs = 0, control = false } = {}) {
  const port = await freePort();
  const args = [CLI, '--port', String(port), '--key', BENCH_KEY, '--latency', String(latencyMs)];
  if (control) args.push('--control');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 20_000;
  while (!output.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the sandbox did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pid: child.pid,
    async control(path, body, method = 'POST') {
      const response = await fetch(`${url}/_sandbox${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()).data;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
