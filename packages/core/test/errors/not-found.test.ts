import { NotFoundError, SocialDataClient, endpointIds, endpointSpec, isPaginated } from '../../src';
import { notFoundTogether } from '../../src/errors/not-found';
import type { EndpointId, Transport } from '../../src';
import { API_KEY, BASE } from '../support/client';

/**
 * A 404 that says a record is missing names the input the address was built from, by the name its
 * field has on every surface (`Username "jack" was not found`), so the user sees which one to fix.
 */
const missing: Transport = async () => ({
  status: 404,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ status: 'error', msg: 'not found' }),
});

const client = new SocialDataClient({
  apiKey: API_KEY,
  baseUrl: BASE,
  cookie: 'auth_token=a; ct0=b',
  proxy: 'http://proxy.example:8080',
  transport: missing,
  sleep: () => Promise.resolve(),
  maxRetries: 0,
});

/** A value each input takes: digits pass as a screen name and as every kind of id. */
function paramsOf(id: EndpointId, value: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(endpointSpec(id).params)
      .filter(([, spec]) => spec.required)
      .map(([name, spec]) => [name, spec.format === 'boolean' ? true : value]),
  );
}

async function failureOf(id: EndpointId, value = '12345'): Promise<unknown> {
  const params = paramsOf(id, value);
  if (isPaginated(id))
    return client
      .paginateUntyped(id, params, { maxPages: 1 })
      .toArray()
      .catch((e) => e);
  return client.callUntyped(id, params).catch((error: unknown) => error);
}

const withPath = endpointIds.filter((id) =>
  Object.values(endpointSpec(id).params).some((spec) => spec.in === 'path' && spec.required),
);

describe('a record the API did not find is named', () => {
  it.each(withPath)('%s names each input of its address', async (id) => {
    const error = await failureOf(id);
    expect(error).toBeInstanceOf(NotFoundError);
    const named = Object.values(endpointSpec(id).params)
      .filter((spec) => spec.in === 'path' && spec.required)
      .map((spec) => `${spec.displayName} "12345"`)
      .join(', ');
    expect((error as Error).message).toBe(`${named} was not found (HTTP 404 on ${id}): not found`);
  });

  // The hint speaks of what the address holds only: a missing list says nothing of screen names.
  it.each(withPath)('%s says what to check for the kind of record its address names', async (id) => {
    const error = (await failureOf(id)) as NotFoundError;
    const kinds = { screenName: 'username', listId: 'list', communityId: 'community', topicId: 'topic' };
    const [format] = Object.values(endpointSpec(id).params)
      .filter((spec) => spec.in === 'path')
      .map((spec) => spec.format);
    const kind = kinds[format as keyof typeof kinds];
    expect(error.hint).toMatch(new RegExp(`^Check the ${kind}`));
    for (const other of Object.values(kinds).filter((word) => word !== kind))
      expect(error.hint).not.toContain(other);
  });

  it.each(withPath)('%s: several reads that found nothing alike are said once', async (id) => {
    const errors = await Promise.all(['111', '222', '333'].map((value) => failureOf(id, value)));
    const together = notFoundTogether(errors);
    expect(together).toBeInstanceOf(NotFoundError);
    const what = Object.values(endpointSpec(id).params).find((spec) => spec.in === 'path')!.displayName;
    expect(together?.message).toBe(
      `${what} "111", "222", "333" were not found (HTTP 404 on ${id}): not found`,
    );
    expect(together?.missing.map(({ value }) => value)).toEqual(['111', '222', '333']);
  });

  it('does not say at once reads that differ in more than what they looked for', async () => {
    const [first, second] = withPath;
    const unlike = [await failureOf(first!, '1'), await failureOf(second!, '2')];
    expect(notFoundTogether(unlike)).toBeUndefined();
    // A "not found" core could not name (a lookup by ids) is no part of one said at once.
    const unnamed = await client.callUntyped('getUsersByIds', { userIds: '1,2' }).catch((e: unknown) => e);
    expect(notFoundTogether([await failureOf(first!, '1'), unnamed])).toBeUndefined();
  });

  it('leaves a lookup by ids as the API said it (its ids are named by the lookup)', async () => {
    const error = await client.callUntyped('getUsersByIds', { userIds: '1,2' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^Not found \(HTTP 404 on getUsersByIds\)/);
  });
});
