import { freePort } from '@social-data/n8n-harness';
import type { Owner } from '@social-data/n8n-harness';
import { createServer } from 'node:net';

import { EXAMPLES_DIR } from './examples/workflows';
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
 * Serves the n8n editor on loopback with the example workflows imported and the owner set up,
 * so a person (or the browser test) can log in and build with the node at once.
 */
export async function startEditor(stack: Stack, progress: Progress, port?: number): Promise<string> {
  await stack.n8n.importWorkflows(EXAMPLES_DIR);
  progress.info('example workflows imported');
  const listen = port ?? ((await portFree(PREFERRED_PORT)) ? PREFERRED_PORT : await freePort());
  const url = await progress.long(`starting the n8n editor on 127.0.0.1:${listen}`, () =>
    stack.n8n.start({ port: listen }),
  );
  await stack.n8n.setupOwner(EDITOR_OWNER);
  return url;
}
