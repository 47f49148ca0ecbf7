import nock from 'nock';
import { NotFoundError, UpstreamError } from '../../src';
import { BASE, testClient } from '../support/client';
import { ok, user } from '../support/fixtures';

function idsOf(uri: string): string[] {
  return new URL(uri, BASE).searchParams.get('userIds')!.split(',');
}

/** Issue 26 finding 6: a 350-id lookup whose second chunk answers 404. */
function batchServer(fail: (ids: string[]) => [number, unknown] | undefined) {
  let requests = 0;
  nock(BASE)
    .persist()
    .get('/social/users/batch')
    .query(true)
    .reply((uri) => {
      requests += 1;
      const ids = idsOf(uri);
      return fail(ids) ?? [200, ok(ids.map((id) => ({ ...user(1), id })))];
    });
  return { requests: () => requests };
}

const ids = Array.from({ length: 350 }, (_, i) => String(1000 + i));
const secondChunk = (chunk: string[]) => chunk[0] === '1100';

afterEach(() => nock.cleanAll());

describe('lookup() keeps what it found and reports what failed', () => {
  it('returns the 250 users of the other chunks and the 100 ids of the chunk that answered 404', async () => {
    batchServer((chunk) =>
      secondChunk(chunk) ? [404, { status: 'error', msg: 'Users not found' }] : undefined,
    );
    const { client } = testClient();
    const { records, failures } = await client.lookup('getUsersByIds', { userIds: ids });
    expect(records.map((u) => u.id)).toEqual([...ids.slice(0, 100), ...ids.slice(200)]);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.ids).toEqual(ids.slice(100, 200));
    expect(failures[0]!.error).toBeInstanceOf(NotFoundError);
  });

  it('runs every chunk after a transient failure that retries did not cure', async () => {
    const server = batchServer((chunk) =>
      secondChunk(chunk) ? [503, { status: 'error', msg: 'down' }] : undefined,
    );
    const { client } = testClient({ concurrency: 1 });
    const { records, failures } = await client.lookup('getUsersByIds', { userIds: ids });
    expect(records).toHaveLength(250);
    expect(failures.map((f) => f.error)).toEqual([expect.any(UpstreamError)]);
    // 4 chunks, the failing one tried 3 times.
    expect(server.requests()).toBe(6);
  });

  it('sends no further chunk after a rejected key, and reports every id failed with it', async () => {
    const server = batchServer(() => [401, { status: 'error', msg: 'Invalid API key' }]);
    const { client } = testClient({ concurrency: 1 });
    const { records, failures } = await client.lookup('getUsersByIds', { userIds: ids });
    expect(records).toEqual([]);
    expect(failures.flatMap((f) => f.ids)).toEqual(ids);
    expect(server.requests()).toBe(1);
  });

  it('keeps call() strict: one chunk failing for good fails the call', async () => {
    batchServer((chunk) =>
      secondChunk(chunk) ? [404, { status: 'error', msg: 'Users not found' }] : undefined,
    );
    const { client } = testClient();
    await expect(client.call('getUsersByIds', { userIds: ids })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses an endpoint that is not a batch lookup', async () => {
    const { client } = testClient();
    await expect(client.lookup('getUser' as never, { userName: 'jack' } as never)).rejects.toMatchObject({
      field: 'operation',
    });
  });
});
