import nock from 'nock';
import { RequestGate } from '../../src';
import { BASE, testClient } from '../support/client';
import { ok, user } from '../support/fixtures';

afterEach(() => nock.cleanAll());

/**
 * Client A meets a 429 and waits; client B starts a request during that wait. What happened, in
 * order: the requests the API saw and the moment A's wait ended.
 */
async function duringA429(gates: [RequestGate | undefined, RequestGate | undefined], bobFirst = false) {
  const events: string[] = [];
  const waits: number[][] = [[], []];
  let endWait!: () => void;
  let waiting!: () => void;
  const aWaits = new Promise<void>((resolve) => (waiting = resolve));
  nock(BASE)
    .get('/social/user/alice')
    .reply(() => {
      events.push('alice');
      return [429, { status: 'error', msg: 'Too many requests' }, { 'Retry-After': '30' }];
    })
    .get('/social/user/alice')
    .reply(() => (events.push('alice again'), [200, ok(user(1))]))
    .get('/social/user/bob')
    .reply(() => (events.push('bob'), [200, ok(user(2))]));
  const a = testClient({
    gate: gates[0],
    sleep: (ms) => {
      waits[0]!.push(ms);
      waiting();
      return new Promise<void>((resolve) => (endWait = resolve));
    },
  }).client;
  const b = testClient({ gate: gates[1], sleep: async (ms) => void waits[1]!.push(ms) }).client;
  const aCall = a.call('getUser', { userName: 'alice' });
  await aWaits;
  const bCall = b.call('getUser', { userName: 'bob' });
  // Held back, B's request could only show after the wait; free, it is let finish first.
  if (bobFirst) await bCall;
  else await new Promise((resolve) => setTimeout(resolve, 50));
  events.push('wait over');
  endWait();
  await Promise.all([aCall, bCall]);
  return { events, waits };
}

describe('a gate shared by clients', () => {
  it("holds every client's requests back while one waits out a 429, each wait taken once", async () => {
    const gate = new RequestGate();
    const { events, waits } = await duringA429([gate, gate]);
    expect(events.slice(0, 2)).toEqual(['alice', 'wait over']);
    expect(events.slice(2).sort()).toEqual(['alice again', 'bob']);
    expect(waits).toEqual([[30_000], []]);
  });

  it('leaves clients with gates of their own to their own pace', async () => {
    const { events } = await duringA429([undefined, undefined], true);
    expect(events).toEqual(['alice', 'bob', 'wait over', 'alice again']);
  });
});
