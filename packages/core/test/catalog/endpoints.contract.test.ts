import { catalog, endpointIds, endpointSpec, inputParams, recordKindOf } from '../../src';
import { wireParams } from '../../src/catalog/queries';
import type { EndpointId } from '../../src';

/**
 * The API document, written out by hand: if the catalog drifts from it, these fail. Numbers are
 * the document's endpoint numbers; `1s` is the own-session variant of endpoint 1.
 */
const documented: [ref: string, method: string, path: string, mode: 'pool' | 'session'][] = [
  ['1', 'GET', '/social/user/{userName}', 'pool'],
  ['2', 'GET', '/social/user/{userName}/tweets', 'pool'],
  ['3', 'GET', '/social/user/{userName}/replies', 'pool'],
  ['4', 'GET', '/social/user/{userName}/following', 'pool'],
  ['5', 'GET', '/social/user/{userName}/followers', 'pool'],
  ['6', 'GET', '/social/user/{userName}/followers-you-know', 'pool'],
  ['7', 'GET', '/social/tweets/lookup', 'pool'],
  ['8', 'GET', '/social/users/batch', 'pool'],
  ['9', 'GET', '/social/lists/{list_id}/subscribers', 'pool'],
  ['10', 'POST', '/social/user/{userName}/media', 'session'],
  ['11', 'POST', '/social/communities/{community_id}/media', 'session'],
  ['12', 'POST', '/social/communities/{community_id}/tweets', 'session'],
  ['13', 'POST', '/social/lists/{list_id}/tweets', 'session'],
  ['14', 'POST', '/social/lists/{list_id}/members', 'session'],
  ['15', 'POST', '/social/timeline/for-you', 'session'],
  ['16', 'POST', '/social/bookmarks', 'session'],
  ['17', 'POST', '/social/muted', 'session'],
  ['18', 'POST', '/social/communities/{community_id}', 'session'],
  ['19', 'POST', '/social/topics/{topic_id}', 'session'],
  ['20', 'POST', '/social/lists', 'session'],
  ['1s', 'POST', '/social/user/{userName}', 'session'],
];

/**
 * The Limits table: default and range of `count` per endpoint number. Where the table gives only a
 * default, the minimum of 1 is our decision (docs/decisions.md); no maximum is invented.
 */
const limits: Record<string, { default?: number; min: number; max?: number }> = {
  '3': { default: 20, min: 1 },
  '4': { default: 200, min: 1 },
  '5': { default: 200, min: 1 },
  '6': { default: 20, min: 1 },
  '9': { min: 1 },
  '10': { default: 20, min: 1, max: 100 },
  '11': { default: 20, min: 1 },
  '12': { default: 20, min: 1, max: 100 },
  '13': { default: 20, min: 1 },
  '14': { default: 200, min: 1 },
  '15': { default: 20, min: 1 },
  '16': { default: 20, min: 1, max: 100 },
  '17': { default: 200, min: 1 },
};

/** Where each endpoint's parameters go, per the endpoint tables (cookie and proxy come from the session). */
const documentedParams: Record<string, Record<string, 'path' | 'query' | 'body'>> = {
  '1': { userName: 'path' },
  '2': { userName: 'path', cursor: 'query' },
  '3': { userName: 'path', count: 'query', cursor: 'query' },
  '4': { userName: 'path', count: 'query', cursor: 'query' },
  '5': { userName: 'path', count: 'query', cursor: 'query' },
  '6': { userName: 'path', count: 'query', cursor: 'query' },
  '7': { tweet_ids: 'query' },
  '8': { userIds: 'query' },
  '9': { list_id: 'path', count: 'query', cursor: 'query' },
  '10': { userName: 'path', count: 'body', cursor: 'body' },
  '11': { community_id: 'path', count: 'body', cursor: 'body' },
  '12': { community_id: 'path', count: 'body', cursor: 'body' },
  '13': { list_id: 'path', count: 'body', cursor: 'body' },
  '14': { list_id: 'path', count: 'body', cursor: 'body' },
  '15': { count: 'body', cursor: 'body' },
  '16': { count: 'body', cursor: 'body' },
  '17': { count: 'body', cursor: 'body' },
  '18': { community_id: 'path' },
  '19': { topic_id: 'path' },
  '20': { name: 'body', description: 'body', is_private: 'body' },
  '1s': { userName: 'path' },
};

const byRef = new Map<string, EndpointId>(endpointIds.map((id) => [catalog[id].ref, id]));

describe('the endpoint catalog against the API document', () => {
  it('has exactly the 21 documented endpoints', () => {
    expect(endpointIds).toHaveLength(21);
    const actual = endpointIds.map((id) => [
      catalog[id].ref,
      catalog[id].method,
      catalog[id].path,
      catalog[id].mode,
    ]);
    expect(new Set(actual.map((row) => row.join(' ')))).toEqual(
      new Set(documented.map((row) => row.join(' '))),
    );
  });

  it.each(documented)('endpoint %s is %s %s in %s mode', (ref, method, path, mode) => {
    const id = byRef.get(ref);
    expect(id).toBeDefined();
    expect(catalog[id!]).toMatchObject({ method, path, mode });
  });

  it.each(Object.keys(documentedParams))(
    'endpoint %s takes exactly its documented parameters, in their places',
    (ref) => {
      const id = byRef.get(ref)!;
      const actual = Object.fromEntries(
        Object.entries(endpointSpec(id).params).map(([name, spec]) => [name, spec.in]),
      );
      expect(actual).toEqual(documentedParams[ref]);
    },
  );

  it('has every count default and range of the Limits table, and no count where none is documented', () => {
    for (const id of endpointIds) {
      const { ref, count } = endpointSpec(id);
      expect([ref, count]).toEqual([ref, limits[ref]]);
    }
  });

  it('marks the path parameters, tweet_ids, userIds and the list name as required, and nothing else', () => {
    const required = endpointIds.flatMap((id) =>
      Object.entries(endpointSpec(id).params)
        .filter(([, spec]) => spec.required)
        .map(([name]) => `${catalog[id].ref}:${name}`),
    );
    expect(required.sort()).toEqual(
      [
        '1:userName',
        '2:userName',
        '3:userName',
        '4:userName',
        '5:userName',
        '6:userName',
        '7:tweet_ids',
        '8:userIds',
        '9:list_id',
        '10:userName',
        '11:community_id',
        '12:community_id',
        '13:list_id',
        '14:list_id',
        '18:community_id',
        '19:topic_id',
        '20:name',
        '1s:userName',
      ].sort(),
    );
  });

  it('describes the result shape of each endpoint as the document does', () => {
    const shapes = Object.fromEntries(endpointIds.map((id) => [catalog[id].ref, catalog[id].result]));
    // Short authors: bookmarks and user-media tweets (and the community admin); full elsewhere.
    expect(shapes).toEqual({
      '1': { kind: 'record', record: 'user' },
      '2': { kind: 'tweetPage', author: 'full' },
      '3': { kind: 'tweetPage', author: 'full' },
      '4': { kind: 'userPage', key: 'following' },
      '5': { kind: 'userPage', key: 'followers' },
      '6': { kind: 'userPage', key: 'users' },
      '7': { kind: 'records', record: 'tweet', idsParam: 'tweet_ids' },
      '8': { kind: 'records', record: 'user', idsParam: 'userIds' },
      '9': { kind: 'userPage', key: 'subscribers' },
      '10': { kind: 'tweetPage', author: 'short' },
      '11': { kind: 'tweetPage', author: 'full' },
      '12': { kind: 'tweetPage', author: 'full' },
      '13': { kind: 'tweetPage', author: 'full' },
      '14': { kind: 'userPage', key: 'users' },
      '15': { kind: 'tweetPage', author: 'full', source: 'for_you' },
      '16': { kind: 'tweetPage', author: 'short' },
      '17': { kind: 'userPage', key: 'users' },
      '18': { kind: 'record', record: 'community' },
      '19': { kind: 'record', record: 'topic' },
      '20': { kind: 'createdList' },
      '1s': { kind: 'record', record: 'user' },
    });
  });

  it("gives every parameter the document's type: count an integer, is_private a boolean, the rest strings", () => {
    const wireType = { count: 'integer', boolean: 'boolean' } as Record<string, string>;
    for (const id of endpointIds) {
      for (const [name, spec] of Object.entries(wireParams(id))) {
        const expected = name === 'count' ? 'integer' : name === 'is_private' ? 'boolean' : 'string';
        expect([id, name, wireType[spec.format] ?? 'string']).toEqual([id, name, expected]);
      }
    }
  });

  it('sends cookie and proxy, both required, in the body of every own-session endpoint and of no other', () => {
    for (const id of endpointIds) {
      const wire = wireParams(id);
      const session = catalog[id].mode === 'session';
      expect([id, wire.cookie?.in, wire.cookie?.required, wire.proxy?.in, wire.proxy?.required]).toEqual(
        session ? [id, 'body', true, 'body', true] : [id, undefined, undefined, undefined, undefined],
      );
    }
  });

  it('gives every endpoint a display name, an action label and a description a user can read', () => {
    for (const id of endpointIds) {
      const { displayName, action, description, params } = endpointSpec(id);
      expect(displayName.length).toBeGreaterThan(2);
      expect(action).toMatch(/^[A-Z]/);
      expect(description).toMatch(/^[A-Z].*\.$/);
      for (const param of Object.values(params)) expect(param.description).toMatch(/\.$/);
    }
  });

  // The session cookie's help on every surface points at the steps whose description says so.
  it('says "your session" in the description of every own-session endpoint, and of no other', () => {
    for (const id of endpointIds)
      expect({ id, says: /\byour (own )?session\b/.test(endpointSpec(id).description) }).toEqual({
        id,
        says: endpointSpec(id).mode === 'session',
      });
  });

  it('marks only list creation as not idempotent', () => {
    expect(endpointIds.filter((id) => !catalog[id].idempotent)).toEqual(['createList']);
  });
});

describe('what a person fills in', () => {
  it.each(endpointIds)('%s: every parameter but page size and cursor, and its record kind', (id) => {
    const names = inputParams(id).map(([name]) => name);
    expect(names).toEqual(
      Object.keys(catalog[id].params).filter((name) => name !== 'count' && name !== 'cursor'),
    );
    const kind = recordKindOf(id);
    expect(kind === undefined).toBe(catalog[id].result.kind === 'createdList');
  });
});
