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
    await expect(zapierTransport(z as never)(request)).rejects.toBeInstanceOf(TimeoutError);
  });

  it('hands z.request the time core gives the attempt', async () => {
    const z = { request: jest.fn(async () => ({ status: 200, headers: new Map(), content: '{}' })) };
    await zapierTransport(z as never)({ ...request, timeoutMs: 4_000 });
    expect((z.request.mock.calls[0] as unknown as [{ timeout: number }])[0].timeout).toBe(4_000);
  });
});
