import { hangUpSignal, hangingUp } from '../../src/http/hang-up';

async function* chunks(count: number) {
  for (let i = 0; i < count; i += 1) yield new Uint8Array([i]);
}

describe('hanging up on a body the reader stops reading', () => {
  it('aborts the request when the reader leaves before the last chunk', async () => {
    const { signal, hangUp } = hangUpSignal(undefined);
    for await (const chunk of hangingUp(chunks(5), hangUp)) if (chunk[0] === 1) break;
    expect(signal.aborted).toBe(true);
  });

  it('aborts it when the body itself fails', async () => {
    const { signal, hangUp } = hangUpSignal(undefined);
    async function* broken() {
      yield new Uint8Array([0]);
      throw new Error('reset');
    }
    await expect(
      (async () => {
        for await (const _ of hangingUp(broken(), hangUp));
      })(),
    ).rejects.toThrow('reset');
    expect(signal.aborted).toBe(true);
  });

  it('leaves a body read to its end alone, so the connection can be reused', async () => {
    const { signal, hangUp } = hangUpSignal(undefined);
    const read: number[] = [];
    for await (const chunk of hangingUp(chunks(3), hangUp)) read.push(chunk[0]!);
    expect(read).toEqual([0, 1, 2]);
    expect(signal.aborted).toBe(false);
  });

  it("carries core's cancel through to the request", () => {
    const cancel = new AbortController();
    const { signal } = hangUpSignal(cancel.signal);
    cancel.abort();
    expect(signal.aborted).toBe(true);
  });
});
