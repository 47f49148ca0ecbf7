/** Polls `condition` every `intervalMs` until it holds or `ms` have passed; says whether it held. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  ms: number,
  intervalMs = 200,
): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return true;
}

/** Waits as waitFor does; past `ms`, fails naming what it waited for, with `context()`. */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  ms: number,
  context: () => string = () => '',
  intervalMs?: number,
): Promise<void> {
  if (!(await waitFor(condition, ms, intervalMs)))
    throw new Error(`timed out after ${ms / 1000} s waiting for ${what}\n${context()}`.trimEnd());
}
