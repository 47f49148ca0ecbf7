import type { Owner } from '@social-data/n8n-harness';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { csvWorkflow } from './examples/followers-to-csv';
import { EXAMPLES_DIR, loadExample } from './examples/workflows';
import type { Workflow } from './examples/workflows';
import type { Progress } from './progress';
import type { Stack } from './stack';

/** The owner account of the throwaway editor: local to this machine and gone when it stops. */
export const EDITOR_OWNER: Owner = {
  email: 'builder@social-data.local',
  firstName: 'Workflow',
  lastName: 'Builder',
  password: 'SocialData-dev-1',
};

const PREFERRED_PORT = 5678;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The example workflows as the editor offers them: as shipped, except that files they write go to
 * the output folder, the one place the editor's n8n lets file nodes write (decision E7).
 */
export function editorWorkflows(outputDir: string): Workflow[] {
  const csv = csvWorkflow(outputDir);
  return readdirSync(EXAMPLES_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const workflow = loadExample(file);
      return workflow.id === csv.id ? csv : workflow;
    });
}

/**
 * Serves the n8n editor on loopback with the example workflows imported and the owner set up,
 * so a person (or the browser test) can log in and build with the node at once.
 */
export async function startEditor(
  stack: Stack,
  progress: Progress,
  { outputDir, port }: { outputDir: string; port?: number },
): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'editor-examples-'));
  try {
    for (const workflow of editorWorkflows(outputDir))
      writeFileSync(join(folder, `${workflow.id}.json`), JSON.stringify(workflow));
    await stack.n8n.importWorkflows(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  progress.info('example workflows imported');
  const url = await progress.long('starting the n8n editor on 127.0.0.1', async () => {
    if (port !== undefined) return stack.n8n.start({ port });
    // The usual port when it is free. Another process can bind it between that look and n8n's
    // own bind (CI runs suites side by side): then any free port does, chosen by the harness,
    // which starts n8n again on new ports when one is taken.
    if (await portFree(PREFERRED_PORT)) {
      const started = await stack.n8n.start({ port: PREFERRED_PORT }).catch((error: unknown) => {
        if (error instanceof Error && /already in use|EADDRINUSE/.test(error.message)) return undefined;
        throw error;
      });
      if (started !== undefined) return started;
    }
    return stack.n8n.start();
  });
  await stack.n8n.setupOwner(EDITOR_OWNER);
  return url;
}
