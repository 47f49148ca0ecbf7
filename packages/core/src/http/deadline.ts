/**
 * One attempt of a transport, ended by `ms` whatever the host's HTTP library does (decision B32).
 * Some stop their timer when the headers arrive (node-fetch under Zapier's `z.request` does), so
 * an answer that drips, or stalls after its headers, would hold the call, and the step around it,
 * past any limit. The attempt gets a signal of its own, joined with the caller's cancel; past the
 * deadline it is aborted (the transport closes the connection) and rejects with the signal's
 * `TimeoutError`, which core reports as a timeout, whatever the transport throws afterwards.
 * `AbortSignal.timeout` keeps no process alive and names no timer global, which n8n's
 * community-package scan refuses in a node.
 */
export async function withinDeadline<T>(
  ms: number,
  cancel: AbortSignal | undefined,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(ms);
  const signal = cancel ? AbortSignal.any([cancel, timeout]) : timeout;
  let onTimeout = () => {};
  const expired = new Promise<never>((_resolve, reject) => {
    onTimeout = () => reject(timeout.reason);
    timeout.addEventListener('abort', onTimeout, { once: true });
  });
  try {
    return await Promise.race([attempt(signal), expired]);
  } finally {
    timeout.removeEventListener('abort', onTimeout);
  }
}
