import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { REPO_ROOT } from '@social-data/n8n-harness';
import { until } from '@social-data/test-support';

/** The built MCP server of this repository, as `npx @social-data/mcp` starts it. */
const BIN = join(REPO_ROOT, 'packages', 'mcp', 'bin', 'social-data-mcp.js');
const START_MS = 60_000;

export interface McpServer {
  url: string;
  stderr: () => string;
  close(): Promise<void>;
}

/** Our MCP server over Streamable HTTP on a free loopback port, reading the sandbox with `apiKey`. */
export async function startMcpServer(baseUrl: string, apiKey: string): Promise<McpServer> {
  // The child sees only these variables: nothing of the test's environment leaks in.
  const child = spawn(process.execPath, [BIN, '--http', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', SOCIAL_DATA_BASE_URL: baseUrl, SOCIAL_DATA_API_KEY: apiKey },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const listening = () => /listening at (\S+)/.exec(stderr)?.[1];
  await until(
    'the MCP server to print "listening at"',
    () => listening() !== undefined || child.exitCode !== null,
    START_MS,
    () => stderr,
  );
  const url = listening();
  if (!url) throw new Error(`the MCP server stopped (${child.exitCode}):\n${stderr}`);
  return {
    url,
    stderr: () => stderr,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
