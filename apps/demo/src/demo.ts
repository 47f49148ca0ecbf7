// npm run demo: the example workflows, run by the community package inside a real n8n against
// the sandbox, with what each produced; everything it starts is stopped at the end.
import { N8N_LINES, REPO_ROOT } from '@social-data/n8n-harness';
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';

import { EXAMPLES } from './examples';
import type { ExampleResult } from './examples';
import { EXAMPLES_DIR } from './examples/workflows';
import { parseOptions, usage } from './options';
import type { CommandOptions } from './options';
import { Progress } from './progress';
import { Shutdown } from './shutdown';
import { startStack } from './stack';
import type { Stack } from './stack';

const OUTPUT_DIR = join(REPO_ROOT, 'demo-output');
const shown = (path: string) => relative(process.cwd(), path) || '.';

async function main(progress: Progress, options: CommandOptions): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const shutdown = new Shutdown();
  let stack: Stack | undefined;
  const results: Array<{ title: string; result: ExampleResult }> = [];
  try {
    stack = await startStack(progress, {
      line: options.line,
      outputDir: OUTPUT_DIR,
      onStarted: shutdown.track,
    });
    for (const example of EXAMPLES) {
      progress.step(`${example.title}  (examples/${example.file})`);
      const result = await example.run({ stack, progress, outputDir: OUTPUT_DIR });
      for (const line of result.summary) progress.info(line);
      results.push({ title: example.title, result });
    }
  } finally {
    progress.step('Stopping n8n and the sandbox');
    await stack?.close();
  }

  console.log(
    `\nDone in ${progress.elapsedSeconds} s: ${results.length} example workflows ran in real n8n ${N8N_LINES[options.line].version} against the sandbox.`,
  );
  for (const { title, result } of results) console.log(`  ✔ ${title}: ${result.summary[0]}`);
  console.log(
    `\nOutputs in ${shown(OUTPUT_DIR)}/: ${results.flatMap((r) => r.result.outputs.map((o) => relative(OUTPUT_DIR, o))).join(', ')}`,
  );
  console.log(`The workflows: ${shown(EXAMPLES_DIR)}/ (Import from File in any n8n).`);
  console.log('Build your own: npm run dev opens an n8n editor with the node and its credentials ready.');
}

const SUMMARY =
  'Runs the example workflows in a real n8n, with the community package installed, against a local\n' +
  'sandbox of the API, and prints what each produced; everything it starts stops at the end.';

const progress = new Progress();
async function run(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  if (options.help) console.log(usage('demo', SUMMARY));
  else await main(progress, options);
}

run().catch((error: unknown) => {
  console.error(
    `\nThe demo failed after ${progress.elapsedSeconds} s:\n${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
