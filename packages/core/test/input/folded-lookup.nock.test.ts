import nock from 'nock';
import { NotFoundError, ValidationError } from '../../src';
import { BASE, testClient } from '../support/client';
import { ok, user } from '../support/fixtures';

function batchServer(fail: (ids: string[]) => boolean = () => false) {
  const sent: string[][] = [];
  nock(BASE)
    .persist()
    .get('/social/users/batch')
    .query(true)
    .reply((uri) => {
      const ids = new URL(uri, BASE).searchParams.get('userIds')!.split(',');
      sent.push(ids);
      if (fail(ids)) return [404, { status: 'error', msg: 'Users not found' }];
      // The API answers in an order of its own.
      return [200, ok([...ids].reverse().map((id) => ({ ...user(1), id })))];
    });
  return sent;
}

afterEach(() => nock.cleanAll());

describe('lookupEachUntyped: many callers of a batch lookup folded into one', () => {
  it('sends 2,000 one-id callers as 20 requests and gives each caller its own user', async () => {
    const sent = batchServer();
    const { client } = testClient();
    const callers = Array.from({ length: 2000 }, (_, i) => ({ userIds: String(5000 + i) }));
    const settled = await client.lookupEachUntyped('getUsersByIds', callers);
    expect(sent).toHaveLength(20);
    expect(sent.every((ids) => ids.length === 100)).toBe(true);
    settled.forEach((outcome, i) => {
      expect(outcome).toEqual({
        ok: true,
        value: { records: [expect.objectContaining({ id: String(5000 + i) })], failures: [] },
      });
    });
  });

  it('asks for an id several callers share once, and gives it to each of them in their own order', async () => {
    const sent = batchServer();
    const { client } = testClient();
    const settled = await client.lookupEachUntyped('getUsersByIds', [
      { userIds: '7, 8, 9' },
      { userIds: ['9', '7'] },
    ]);
    expect(sent).toEqual([['7', '8', '9']]);
    const ids = settled.map((outcome) =>
      outcome.ok ? outcome.value.records.map((u) => u.id) : outcome.error,
    );
    expect(ids).toEqual([
      ['7', '8', '9'],
      ['9', '7'],
    ]);
  });

  it('fails only the caller whose input is bad, naming the field, and sends the others', async () => {
    const sent = batchServer();
    const { client } = testClient();
    const settled = await client.lookupEachUntyped('getUsersByIds', [
      { userIds: '11' },
      { userIds: 'not-an-id' },
      { userIds: '12' },
    ]);
    expect(sent).toEqual([['11', '12']]);
    expect(settled[0]!.ok && settled[2]!.ok).toBe(true);
    expect(settled[1]).toMatchObject({ ok: false, error: expect.any(ValidationError) });
    expect(String((settled[1] as { error: Error }).error.message)).toMatch(/userIds/);
  });

  it('reports a failed batch to exactly the callers whose ids it carried', async () => {
    const first = (ids: string[]) => ids[0] === '1000';
    batchServer(first);
    const { client } = testClient();
    const callers = Array.from({ length: 150 }, (_, i) => ({ userIds: String(1000 + i) }));
    const settled = await client.lookupEachUntyped('getUsersByIds', callers);
    settled.forEach((outcome, i) => {
      if (!outcome.ok) throw outcome.error;
      if (i < 100) {
        expect(outcome.value.records).toEqual([]);
        expect(outcome.value.failures).toEqual([
          { ids: [String(1000 + i)], error: expect.any(NotFoundError) },
        ]);
      } else {
        expect(outcome.value.records.map((u) => u.id)).toEqual([String(1000 + i)]);
        expect(outcome.value.failures).toEqual([]);
      }
    });
  });
});
