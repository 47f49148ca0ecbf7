import { until, waitFor } from '../src';

describe('waitFor', () => {
  it('says whether the condition came to hold, asking again until it does', async () => {
    let asked = 0;
    expect(await waitFor(() => (asked += 1) >= 3, 60_000, 1)).toBe(true);
    expect(asked).toBe(3);
  });

  it('gives up after its time, with false', async () => {
    expect(await waitFor(async () => false, 20, 5)).toBe(false);
  });
});

describe('until', () => {
  it('fails naming what it waited for, with the context it was given', async () => {
    await expect(
      until(
        'the first poll',
        () => false,
        20,
        () => 'last log line',
      ),
    ).rejects.toThrow('timed out after 0.02 s waiting for the first poll\nlast log line');
  });

  it('resolves once the condition holds', async () => {
    let ready = false;
    setTimeout(() => (ready = true), 10);
    await expect(until('ready', () => ready, 60_000)).resolves.toBeUndefined();
  });
});
