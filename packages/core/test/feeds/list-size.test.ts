import { endpointIds, endpointSpec, isPaginated } from '../../src';
import type { PaginatedId } from '../../src';
import { listSize } from '../../src/feeds';

/** A client whose profile lookup answers `profile`, counting the lookups. */
function client(profile: Record<string, unknown>) {
  const calls: string[] = [];
  return {
    calls,
    callUntyped: async (id: string, params: Record<string, unknown>) => {
      calls.push(`${id} ${String(params.userName)}`);
      return profile as never;
    },
  };
}

describe('the size a profile gives a list before it is read', () => {
  it.each(endpointIds.filter(isPaginated) as PaginatedId[])(
    '%s: one lookup where the catalog names the count, none elsewhere',
    async (id) => {
      const fake = client({ userName: 'Big_One', followers: 1_000_000, following: 12 });
      const size = await listSize(fake, id, { userName: 'big_one' });
      const counter = endpointSpec(id).counter;
      if (!counter) {
        expect(size).toBeUndefined();
        expect(fake.calls).toEqual([]);
      } else {
        expect(size).toEqual({ size: counter === 'followers' ? 1_000_000 : 12, userName: 'Big_One' });
        expect(fake.calls).toEqual(['getUser big_one']);
      }
    },
  );

  it.each([-1, 1.5, '12', null, 2 ** 60])('does not take %p for a size', async (followers) => {
    expect(await listSize(client({ userName: 'a', followers }), 'getUserFollowers', { userName: 'a' })).toBe(
      undefined,
    );
  });
});
