import type { Sandbox } from '@social-data/sandbox';

/** Changes the sandbox's world through its control API, as anything outside the process would. */
export async function control(
  sandbox: Sandbox,
  path: string,
  body: object,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: string; msg?: string; data: Record<string, unknown> };
  if (envelope.status !== 'success') throw new Error(`sandbox control ${path}: ${envelope.msg}`);
  return envelope.data;
}

/** Resolves when `done` holds, checking twice a second; rejects after `timeoutMs`. */
export async function until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
