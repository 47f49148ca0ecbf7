import {
  AuthenticationError,
  ConnectionError,
  CreditsExhaustedError,
  NotFoundError,
  RateLimitError,
  ValidationError,
  endpointIds,
} from '@social-data/core';
import { filterFields, formFilter, takesFilters } from '@social-data/core/feeds';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { router } from '../../../../nodes/SocialData/actions/router';
import { toNodeError } from '../../../../nodes/shared/errors';

const node = { name: 'Social Data', type: 'n8n-nodes-social-data.socialData' } as INode;

/** The slice of IExecuteFunctions the router uses, answering from plain parameter objects. */
function executeFunctions(
  itemParameters: Array<Record<string, unknown>>,
  { continueOnFail = false, request = jest.fn() } = {},
): { context: IExecuteFunctions; request: jest.Mock } {
  const context = {
    getInputData: () => itemParameters.map(() => ({ json: {} })),
    getNodeParameter: (name: string, index: number, fallback?: unknown) =>
      itemParameters[index]?.[name] ?? fallback,
    getNode: () => node,
    continueOnFail: () => continueOnFail,
    getExecutionCancelSignal: () => undefined,
    getCredentials: async () => ({ apiKey: 'tda_router_key', baseUrl: 'http://127.0.0.1:9' }),
    helpers: { httpRequestWithAuthentication: request },
  } as unknown as IExecuteFunctions;
  return { context, request };
}

describe('the router', () => {
  it('maps each input item to its operation and pairs the output', async () => {
    const request = jest.fn(async (_type: string, options: { url: string; headers: object }) => ({
      statusCode: 200,
      headers: {},
      body: JSON.stringify({ status: 'success', msg: 'ok', data: { id: options.url.split('/').pop() } }),
    }));
    const { context } = executeFunctions(
      [
        { operation: 'getUser', userName: { __rl: true, mode: 'username', value: '@first' } },
        { operation: 'getTopic', topic_id: { __rl: true, mode: 'url', value: 'https://x.com/i/topics/17' } },
      ],
      { request },
    );
    (context.getCredentials as unknown) = async () => ({
      apiKey: 'tda_router_key',
      baseUrl: 'http://127.0.0.1:9',
      cookie: 'a=b',
      proxy: 'http://127.0.0.1:8080',
    });
    const [output] = await router.call(context);
    expect(output).toEqual([
      { json: { id: 'first' }, pairedItem: { item: 0 } },
      { json: { id: '17' }, pairedItem: { item: 1 } },
    ]);
    expect(request.mock.calls.map(([type, options]) => [type, options.url])).toEqual([
      ['socialDataApi', 'http://127.0.0.1:9/social/user/first'],
      ['socialDataApi', 'http://127.0.0.1:9/social/topics/17'],
    ]);
    expect(request.mock.calls[0]![1].headers).not.toHaveProperty('X-API-Key');
  });

  it('rejects an operation the node does not know, naming it', async () => {
    const { context, request } = executeFunctions([{ operation: 'deleteEverything' }]);
    await expect(router.call(context)).rejects.toThrow('Unknown operation "deleteEverything"');
    expect(request).not.toHaveBeenCalled();
  });

  it('keeps going with Continue On Fail and reports each failure on its own item', async () => {
    const { context } = executeFunctions(
      [{ operation: 'getUser', userName: { __rl: true, mode: 'username', value: 'not a name!' } }],
      { continueOnFail: true },
    );
    const [output] = await router.call(context);
    expect(output).toEqual([
      {
        json: { error: expect.stringMatching(/^Username: /), description: expect.any(String) },
        pairedItem: { item: 0 },
      },
    ]);
  });
});

describe('Return All past the call-argument limit (issue 26 finding 1)', () => {
  it('outputs 250,000 followers as 250,000 items where a spread overflowed the stack near 130,000', async () => {
    const FOLLOWERS = 250_000;
    const PAGE = 1_000;
    const request = jest.fn(async (_type: string, options: { url: string }) => {
      const url = new URL(options.url);
      if (!url.pathname.endsWith('/followers')) {
        const profile = { id: '1', userName: 'big', followers: FOLLOWERS };
        return { statusCode: 200, headers: {}, body: JSON.stringify({ status: 'success', data: profile }) };
      }
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const followers = Array.from({ length: Math.min(PAGE, FOLLOWERS - from) }, (_, i) => ({
        id: String(from + i + 1),
      }));
      const next = from + PAGE < FOLLOWERS ? String(from + PAGE) : '0';
      const body = JSON.stringify({ status: 'success', data: { followers, next_cursor: next } });
      return { statusCode: 200, headers: {}, body };
    });
    const { context } = executeFunctions(
      [
        {
          operation: 'getUserFollowers',
          userName: 'big',
          returnAll: true,
          options: { pageSize: PAGE },
        },
      ],
      { request },
    );
    const [output] = await router.call(context);
    expect(output).toHaveLength(FOLLOWERS);
    expect(output![FOLLOWERS - 1]).toEqual({ json: { id: String(FOLLOWERS) }, pairedItem: { item: 0 } });
  }, 120_000);
});

describe("n8n's Stop button (issue 26 finding 8)", () => {
  it('ends a minute-long Retry-After wait at once and says the run was cancelled', async () => {
    const controller = new AbortController();
    const request = jest.fn(async () => {
      setTimeout(() => controller.abort(), 10);
      return {
        statusCode: 429,
        headers: { 'retry-after': '60' },
        body: JSON.stringify({ status: 'error', msg: 'slow down' }),
      };
    });
    const { context } = executeFunctions([{ operation: 'getUser', userName: 'jack' }], { request });
    (context.getExecutionCancelSignal as unknown) = () => controller.signal;
    const started = Date.now();
    await expect(router.call(context)).rejects.toThrow(/The call to User → Get User was cancelled/);
    // Well below the 60 s asked for: the wait ended with the cancel, not by itself.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(request).toHaveBeenCalledTimes(1);
  });
});

describe('error mapping', () => {
  it.each([
    [
      new AuthenticationError('bad key', { status: 401, hint: 'Check the API key' }),
      '401',
      'Check the API key',
    ],
    [new CreditsExhaustedError('no credits', { status: 402, hint: 'Top it up' }), '402', 'Top it up'],
    [new NotFoundError('User not found', { status: 404, hint: 'Check the name' }), '404', 'Check the name'],
    [new RateLimitError('slow down', { status: 429, hint: 'Wait' }), '429', 'Wait'],
  ])('makes %p a NodeApiError with its status and what to do', (error, httpCode, hint) => {
    const mapped = toNodeError(node, error, 3, 'getUser');
    expect(mapped).toBeInstanceOf(NodeApiError);
    expect(mapped).toMatchObject({
      httpCode,
      message: error.message,
      description: hint,
      context: { itemIndex: 3 },
    });
  });

  it('makes input errors NodeOperationErrors that use the panel label of the field', () => {
    const error = new ValidationError('list_id: "abc" is not an id. Paste the list URL.', {
      field: 'list_id',
    });
    const mapped = toNodeError(node, error, 0, 'getListMembers');
    expect(mapped).toBeInstanceOf(NodeOperationError);
    expect(mapped.message).toBe('List: "abc" is not an id. Paste the list URL.');
  });

  it("names every filter option, and the trigger's Usernames, by its panel label", () => {
    const bad: Record<string, unknown> = {
      choice: 'nope',
      count: -1,
      date: 'yesterday-ish',
      boolean: 'maybe',
    };
    let named = 0;
    for (const id of endpointIds.filter(takesFilters))
      for (const field of filterFields(id, true)) {
        let error: unknown;
        try {
          // With keywords, so that Keyword Match is one the filter reads.
          formFilter({ keywords: 'a', [field.name]: bad[field.kind] });
        } catch (caught) {
          error = caught;
        }
        if (!(error instanceof ValidationError)) continue;
        expect(toNodeError(node, error, 0, id).message).toMatch(new RegExp(`^${field.label}: `));
        named += 1;
      }
    // Every field with a bad value of its kind (all but the free words of Keywords) refuses it.
    const refusing = endpointIds
      .filter(takesFilters)
      .flatMap((id) => filterFields(id, true).filter((field) => Object.hasOwn(bad, field.kind)));
    expect(named).toBe(refusing.length);
    const accounts = new ValidationError('userNames: "bad!" is not a screen name.', { field: 'userNames' });
    expect(toNodeError(node, accounts, undefined, 'getUserTweets').message).toMatch(/^Usernames: /);
  });

  it('labels credential fields with the credential to fix', () => {
    const error = new ValidationError('proxy: the proxy is not a URL with a scheme. Use http://...', {
      field: 'proxy',
    });
    expect(toNodeError(node, error, 0, 'getBookmarks').message).toMatch(
      /^Proxy URL \("Social Data API" credential\): /,
    );
  });

  it('keeps connection failures as API errors without an HTTP status', () => {
    const mapped = toNodeError(
      node,
      new ConnectionError('refused', { code: 'ECONNREFUSED', hint: 'Check the base URL' }),
      0,
      'getUser',
    );
    expect(mapped).toBeInstanceOf(NodeApiError);
    expect(mapped.description).toBe('Check the base URL');
  });
});
