import { feedPages } from '../src/feeds';
import type { EndpointId } from '../src';
import { testClient } from './support/client';
import { answerEveryRequestWithFailure, rejection } from './support/refusals';

/**
 * The untyped entry n8n and Zapier use: the endpoint comes from a saved choice and the parameters
 * from a form, so the types cannot check them and the catalog must, before anything is sent.
 */
beforeEach(answerEveryRequestWithFailure);

describe('a wrong parameter reaching the host entry is refused, naming the field', () => {
  const { client } = testClient();

  it.each([
    [
      'a parameter the endpoint does not take',
      () => client.callUntyped('getUser', { screen_name: 'jack' }),
      'screen_name',
      /does not take this parameter/,
    ],
    ['a required parameter left out', () => client.callUntyped('getUser', {}), 'userName', /userName/],
    [
      'a list where a name belongs',
      () => client.callUntyped('getUser', { userName: ['jack'] }),
      'userName',
      /text/,
    ],
    [
      'ids that are not ids',
      () => client.lookupUntyped('getUsersByIds', { userIds: 'jack' }),
      'userIds',
      /jack/,
    ],
    [
      'a page size on Create List, which takes none',
      () => client.callUntyped('createList', { name: 'x', count: 5 }),
      'count',
      /does not take/,
    ],
  ])('%s', async (_label, run, field, message) => {
    const error = await rejection(run());
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
  });

  it('refuses before the first page of a paginated read', async () => {
    const error = await rejection(
      (async () => client.paginateUntyped('getUserTweets', { userName: 'a b' }))(),
    );
    expect(error.field).toBe('userName');
  });

  it("refuses a trigger's feed with a wrong parameter when it is read", async () => {
    const read = feedPages(client, 'getUserTweets', { userName: 'jack', list_id: '1' });
    const error = await rejection(read(undefined)[Symbol.asyncIterator]().next());
    expect(error.field).toBe('list_id');
  });

  it('refuses an operation a saved workflow names that this version does not have', async () => {
    const error = await rejection(client.callUntyped('getUserTweetz' as EndpointId, { userName: 'jack' }));
    expect(error.field).toBe('operation');
    expect(error.message).toMatch(/"getUserTweetz" is not an endpoint/);
  });
});
