// npm run demo: the example workflows, run by the community package inside a real n8n against
// the sandbox, with what each produced; everything it starts is stopped at the end.
import { REPO_ROOT } from '@social-data/n8n-harness';
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';

import { EXAMPLES } from './examples';
import type { ExampleResult } from './examples';
import { EXAMPLES_DIR } from './examples/workflows';
import { Progress } from './progress';
import { Shutdown } from './shutdown';
import { startStack } from './stack';
import type { Stack } from './stack';

const OUTPUT_DIR = join(REPO_ROOT, 'demo-output');
const shown = (path: string) => relative(process.cwd(), path) || '.';

async function main(progress: Progress): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const shutdown = new Shutdown();
  let stack: Stack | undefined;
  const results: Array<{ title: string; result: ExampleResult }> = [];
  try {
    stack = await startStack(progress);
    shutdown.attach(stack);
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
    `\nDone in ${progress.elapsedSeconds} s: ${results.length} example workflows ran in real n8n against the sandbox.`,
  );
  for (const { title, result } of results) console.log(`  ✔ ${title}: ${result.summary[0]}`);
  console.log(
    `\nOutputs in ${shown(OUTPUT_DIR)}/: ${results.flatMap((r) => r.result.outputs.map((o) => relative(OUTPUT_DIR, o))).join(', ')}`,
  );
  console.log(`The workflows: ${shown(EXAMPLES_DIR)}/ (Import from File in any n8n).`);
  console.log('Build your own: npm run dev opens an n8n editor with the node and its credentials ready.');
}

const progress = new Progress();
main(progress).catch((error: unknown) => {
  console.error(
    `\nThe demo failed after ${progress.elapsedSeconds} s:\n${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
});
