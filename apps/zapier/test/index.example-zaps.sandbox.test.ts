import { accountId } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { run } from './support/app';
import { connectedSandbox, withStepClockStopped } from './support/sandbox';

let sandbox: Sandbox;
let authData: Record<string, string>;

beforeAll(async () => {
  ({ sandbox, authData } = await connectedSandbox('Example'));
});
afterAll(() => sandbox.close());

interface Users {
  records: Array<{ id: string; userName: string }>;
  count: number;
  not_found_ids: string;
  remaining_ids: string;
  truncated_by: string;
}

/** Zapier hands a line-item field to a text input as the items' values joined by commas. */
const asZapierMapsIt = (values: string[]) => values.join(',');

describe('the README example "profile → mutual followers → one batch lookup"', () => {
  it('passes every mutual follower on to the step after the lookup', async () => {
    const [profile] = (await run('searches', 'getUser', authData, { userName: 'followers_1k' })) as Array<{
      userName: string;
    }>;
    const mutuals = (await run('creates', 'getUserFollowersYouKnow', authData, {
      userName: profile!.userName,
      maxItems: 1000,
    })) as Users;
    expect(mutuals.count).toBeGreaterThan(20);
    const ids = mutuals.records.map((user) => user.id);

    const lookup = (await run('creates', 'getUsersByIdsItems', authData, {
      userIds: asZapierMapsIt(ids),
    })) as Users;
    expect(lookup.records.map((user) => user.id)).toEqual(ids);
    expect(lookup).toMatchObject({
      count: ids.length,
      not_found_ids: '',
      remaining_ids: '',
      truncated_by: '',
    });
  });

  it('names the ids it did not find, across batches of 100', async () => {
    sandbox.stats.reset();
    const known = Array.from({ length: 250 }, (_, index) => accountId(index + 10));
    const unknown = ['1', '2'];
    const lookup = (await run('creates', 'getUsersByIdsItems', authData, {
      userIds: [...known.slice(0, 120), unknown[0], ...known.slice(120), unknown[1]].join('\n'),
    })) as Users;
    expect(lookup.records.map((user) => user.id)).toEqual(known);
    expect(lookup.not_found_ids).toBe(unknown.join(','));
    expect(sandbox.stats.byEndpoint.getUsersByIds).toBe(3);
  });

  it("stops before Zapier's size limit, handing on the ids left to look up", async () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => accountId(index + 10));
    const lookup = (await withStepClockStopped(() =>
      run('creates', 'getUsersByIdsItems', authData, { userIds: ids.join(',') }),
    )) as Users;
    expect(Buffer.byteLength(JSON.stringify(lookup))).toBeLessThan(6_291_456);
    expect(lookup.truncated_by).toBe('size');
    expect([...lookup.records.map((user) => user.id), ...lookup.remaining_ids.split(',')]).toEqual(ids);
  });
});
