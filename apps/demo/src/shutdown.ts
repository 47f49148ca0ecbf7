/**
 * Ctrl-C and SIGTERM stop n8n and the sandbox and delete the throwaway user folder, also when
 * they arrive while the stack is still starting: whatever has started by then is stopped at once
 * (a start that hangs is not waited for), and before anything has, the process just ends.
 */
export class Shutdown {
  private close: (() => Promise<void>) | undefined;
  private requested = false;

  constructor(private readonly code = 130) {
    // Listened to for good, not once: under `npm run dev` one Ctrl-C arrives twice (the terminal's
    // and npm's forwarded copy), and a signal with no listener left would kill the process by
    // Node's default before the folder, with its credentials' key, is deleted.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void this.request());
  }

  /**
   * What stops everything started so far, handed over by the stack as soon as it holds anything
   * (the sandbox and the n8n folder), in the same turn as it is made, so no signal falls between.
   */
  readonly track = (close: () => Promise<void>): void => {
    this.close = close;
    if (this.requested) void this.finish();
  };

  private async request(): Promise<void> {
    if (this.requested) return;
    this.requested = true;
    console.log('\nStopping n8n and the sandbox …');
    await this.finish();
  }

  private async finish(): Promise<void> {
    const close = this.close;
    this.close = undefined;
    await close?.();
    console.log(
      close
        ? 'Stopped: n8n and the sandbox are down, the throwaway n8n folder is deleted.'
        : 'Stopped before n8n had a folder: nothing to clean up.',
    );
    process.exit(this.code);
  }
}
