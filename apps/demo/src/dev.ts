// npm run dev: the sandbox and a real n8n editor on loopback with the package installed, both
// credentials set and the example workflows imported; runs until Ctrl-C, then stops both.
import { startEditor, EDITOR_OWNER } from './editor';
import { Progress } from './progress';
import { Shutdown } from './shutdown';
import { startStack } from './stack';

async function main(): Promise<void> {
  const shutdown = new Shutdown(0);
  const progress = new Progress();
  const stack = await startStack(progress, { prefix: 'social-data-dev-' });
  shutdown.attach(stack);
  try {
    progress.step('The n8n editor');
    const url = await startEditor(stack, progress);
    console.log(`
Ready in ${progress.elapsedSeconds} s. Open ${url} and sign in:
  email     ${EDITOR_OWNER.email}
  password  ${EDITOR_OWNER.password}

Add a node, search "Social Data": the credentials "Social Data" (API key) and "Social Data
Session" (cookie and proxy) point at the sandbox on ${stack.sandbox.url}. The example workflows
are under Workflows. This n8n is throwaway: export what you build before you press Ctrl-C.`);
  } catch (error) {
    await stack.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
