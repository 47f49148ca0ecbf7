import type { Stack } from './stack';

/**
 * Ctrl-C and SIGTERM stop n8n and the sandbox and delete the throwaway user folder, also when
 * they arrive while the stack is still starting: then it stops as soon as it is up.
 */
export class Shutdown {
  private stack: Stack | undefined;
  private requested = false;

  constructor(private readonly code = 130) {
    // Listened to for good, not once: under `npm run dev` one Ctrl-C arrives twice (the terminal's
    // and npm's forwarded copy), and a signal with no listener left would kill the process by
    // Node's default before the folder, with its credentials' key, is deleted.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void this.request());
  }

  attach(stack: Stack): void {
    this.stack = stack;
    if (this.requested) void this.finish();
  }

  private async request(): Promise<void> {
    if (this.requested) return;
    this.requested = true;
    console.log(`\nStopping n8n and the sandbox${this.stack ? '' : ' as soon as they are up'} …`);
    if (this.stack) await this.finish();
  }

  private async finish(): Promise<void> {
    await this.stack?.close();
    console.log('Stopped: n8n and the sandbox are down, the throwaway n8n folder is deleted.');
    process.exit(this.code);
  }
}
