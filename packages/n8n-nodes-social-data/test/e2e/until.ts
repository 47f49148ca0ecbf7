/** Polls `done` until it holds; past `timeoutMs`, fails with what it waited for and the end of `log`. */
export async function until(
  what: string,
  done: () => boolean,
  timeoutMs: number,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
