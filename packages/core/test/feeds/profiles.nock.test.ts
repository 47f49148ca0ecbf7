import nock from 'nock';
import { profilesOf } from '../../src/feeds/profiles';
import { BASE, testClient } from '../support/client';
import { ok, user } from '../support/fixtures';

afterEach(() => nock.cleanAll());

describe('the profiles a removal event carries', () => {
  it('looks the lost accounts up by id, 100 a request, in the order given; a deleted one comes by id alone', async () => {
    const ids = Array.from({ length: 150 }, (_, at) => String(5000 + at));
    const deleted = ids[120]!;
    const asked: string[][] = [];
    nock(BASE)
      .persist()
      .get('/social/users/batch')
      .query(true)
      .reply((uri) => {
        const chunk = new URL(uri, BASE).searchParams.get('userIds')!.split(',');
        asked.push(chunk);
        return [200, ok(chunk.filter((id) => id !== deleted).map((id) => ({ ...user(1), id })))];
      });
    const { client } = testClient();
    const profiles = await profilesOf(client, ids);
    expect(asked.map((chunk) => chunk.length)).toEqual([100, 50]);
    expect(profiles.map((profile) => profile.id)).toEqual(ids);
    expect(profiles[120]).toEqual({ id: deleted, unavailable: true });
    expect(profiles[0]).toMatchObject({ userName: 'user_1' });
  });

  it('still reports every account when a lookup fails, saying why', async () => {
    nock(BASE)
      .persist()
      .get('/social/users/batch')
      .query(true)
      .reply(503, { status: 'error', msg: 'down for maintenance' });
    const { client } = testClient();
    const profiles = await profilesOf(client, ['7', '8']);
    expect(profiles).toEqual([
      { id: '7', unavailable: true, lookup_error: expect.stringMatching(/down for maintenance/) },
      { id: '8', unavailable: true, lookup_error: expect.stringMatching(/down for maintenance/) },
    ]);
    // In a host's words, where it gives them: once for the failed request.
    const told: string[] = [];
    const described = await profilesOf(client, ['7', '8'], (error) => {
      told.push(error.message);
      return 'the lookup of accounts that left failed';
    });
    expect(described.map((profile) => 'lookup_error' in profile && profile.lookup_error)).toEqual([
      'the lookup of accounts that left failed',
      'the lookup of accounts that left failed',
    ]);
    expect(told).toEqual([expect.stringMatching(/down for maintenance/)]);
  });

  it('sends nothing for no removals', async () => {
    const { client } = testClient();
    expect(await profilesOf(client, [])).toEqual([]);
  });
});
