import { TimeoutError } from '@social-data/core';

import { zapierTransport } from '../../src/http/transport';

const request = {
  method: 'GET' as const,
  url: 'https://api.test/social/user/a',
  headers: {},
  timeoutMs: 20_000,
};

describe('the z.request transport', () => {
  it("turns z.request's timeout into core's TimeoutError, which is not retried as a lost connection", async () => {
    const z = {
      request: jest.fn(async () =>
        Promise.reject(Object.assign(new Error('network timeout at: x'), { type: 'request-timeout' })),
      ),
    };
    await expect(zapierTransport(z as never, Date.now() + 25_000)(request)).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('gives a request only what is left of the step, and none once the step is out of time', async () => {
    const z = { request: jest.fn(async () => ({ status: 200, headers: new Map(), content: '{}' })) };
    await zapierTransport(z as never, Date.now() + 5_000)(request);
    expect((z.request.mock.calls[0] as unknown as [{ timeout: number }])[0].timeout).toBeLessThanOrEqual(
      5_000,
    );
    await expect(zapierTransport(z as never, Date.now() - 1)(request)).rejects.toBeInstanceOf(TimeoutError);
    expect(z.request).toHaveBeenCalledTimes(1);
  });
});
