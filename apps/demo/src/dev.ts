// npm run dev: the sandbox and a real n8n editor on loopback with the package installed, both
// credentials set and the example workflows imported; runs until Ctrl-C, then stops both.
import { N8N_LINES, REPO_ROOT } from '@social-data/n8n-harness';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { startEditor, EDITOR_OWNER } from './editor';
import { parseOptions, usage } from './options';
import type { CommandOptions } from './options';
import { Progress } from './progress';
import { Shutdown } from './shutdown';
import { startStack } from './stack';

const OUTPUT_DIR = join(REPO_ROOT, 'demo-output');
const SUMMARY =
  'Serves a real n8n editor on loopback with the community package installed, its credentials\n' +
  'pointing at a local sandbox of the API and the example workflows imported; Ctrl-C stops it.';

async function main(options: CommandOptions): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const shutdown = new Shutdown(0);
  const progress = new Progress();
  const stack = await startStack(progress, {
    line: options.line,
    outputDir: OUTPUT_DIR,
    prefix: 'social-data-dev-',
    onStarted: shutdown.track,
  });
  try {
    progress.step('The n8n editor');
    const url = await startEditor(stack, progress, { outputDir: OUTPUT_DIR });
    console.log(`
Ready in ${progress.elapsedSeconds} s: n8n ${N8N_LINES[options.line].version}. Open ${url} and sign in:
  email     ${EDITOR_OWNER.email}
  password  ${EDITOR_OWNER.password}

Add a node, search "Social Data" (or "twitter", "followers"...): the credential "Social Data"
(API key, session cookie and proxy) points at the sandbox on ${stack.sandbox.url}, whose API key is
${stack.sandbox.keys[0]} (for an HTTP Request node, the CLI or the MCP server beside it). The example
workflows are under Workflows; file nodes write to demo-output/ only. This n8n is throwaway: export
what you build before you press Ctrl-C.`);
  } catch (error) {
    await stack.close();
    throw error;
  }
}

async function run(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options.help) console.log(usage('dev', SUMMARY));
  else await main(options);
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
