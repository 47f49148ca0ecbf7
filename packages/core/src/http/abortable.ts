/** A wait that ends at once, rejecting with `cancelled()`, when the signal aborts. */
export async function abortable(
  waiting: () => Promise<void>,
  signal: AbortSignal | undefined,
  cancelled: () => Error,
): Promise<void> {
  if (!signal) return waiting();
  if (signal.aborted) throw cancelled();
  let onAbort = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([waiting(), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}
