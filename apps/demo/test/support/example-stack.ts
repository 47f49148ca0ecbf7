import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { ExampleContext } from '../../src/examples';
import { Progress } from '../../src/progress';
import { startStack } from '../../src/stack';

/**
 * The stack `npm run demo` starts (sandbox, n8n on the demo's default line, the credential) for
 * one test file, with an output folder of its own; `close` stops it and removes the folder.
 */
export function exampleStack(): {
  context: () => ExampleContext;
  start: () => Promise<void>;
  close: () => Promise<void>;
} {
  let context: ExampleContext | undefined;
  return {
    context: () => {
      if (!context) throw new Error('the example stack has not started');
      return context;
    },
    start: async () => {
      const progress = new Progress(() => {});
      const outputDir = mkdtempSync(join(tmpdir(), 'demo-output-'));
      const stack = await startStack(progress, { prefix: 'social-data-examples-', outputDir });
      context = { stack, progress, outputDir };
    },
    close: async () => {
      await context?.stack.close();
      if (context) rmSync(context.outputDir, { recursive: true, force: true });
    },
  };
}
