import nock from 'nock';
import { RequestGate } from '../../src';
import { BASE, testClient } from '../support/client';
import { ok, user } from '../support/fixtures';

afterEach(() => nock.cleanAll());

/** Two clients on a clock that stands still, so a pause set by one is still on for the other. */
async function twoClients(gates: [RequestGate | undefined, RequestGate | undefined]) {
  const waits: number[][] = [[], []];
  const clientOf = (index: 0 | 1) =>
    testClient({
      gate: gates[index],
      now: () => 0,
      sleep: async (ms) => {
        waits[index]!.push(ms);
      },
    }).client;
  nock(BASE)
    .get('/social/user/alice')
    .reply(429, { status: 'error', msg: 'Too many requests' }, { 'Retry-After': '30' })
    .get('/social/user/alice')
    .reply(200, ok(user(1)))
    .get('/social/user/bob')
    .reply(200, ok(user(2)));
  await clientOf(0).call('getUser', { userName: 'alice' });
  await clientOf(1).call('getUser', { userName: 'bob' });
  return waits;
}

describe('a gate shared by clients', () => {
  it("holds every client back for a 429's wait, and the client that met it waits once", async () => {
    const gate = new RequestGate();
    expect(await twoClients([gate, gate])).toEqual([[30_000], [30_000]]);
  });

  it('leaves clients with gates of their own to their own pace', async () => {
    expect(await twoClients([undefined, undefined])).toEqual([[30_000], []]);
  });
});
