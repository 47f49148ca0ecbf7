import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { catalog, endpointIds, endpointSpec, isPaginated } from '@social-data/core';
import {
  agentArgName,
  agentToolName,
  approximateTokens,
  DEFAULT_OUTPUT_BUDGET,
} from '@social-data/core/agent';
import type { EndpointId } from '@social-data/core';
import { createClient } from '@social-data/core/node';
import { writeReport } from '@social-data/n8n-harness';
import type { Figures } from '@social-data/n8n-harness';
import { RECORD_INPUTS, startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';
import { PLAIN_INPUTS, until } from '@social-data/test-support';

import { API_KEY, REVOKED_KEY, secretsIn, settingsFor } from './support/secrets';
import { BIN, REVISION, callTool, connect } from './support/servers';
import type { ClientEra, Connected, Seen, TransportKind } from './support/servers';

jest.setTimeout(180_000);

let sandbox: Sandbox;
/** Every text a model or a log saw, for the secret scan at the end. */
const seenTexts: string[] = [];
const figures: Figures = {};

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [API_KEY] });
});
afterAll(async () => {
  await sandbox?.close();
  writeReport(
    'mcp-server',
    'MCP server: what the model saw (SDK client, stdio and Streamable HTTP, sandbox)',
    {
      'output budget (characters)': DEFAULT_OUTPUT_BUDGET,
      'output budget (~tokens)': approximateTokens('x'.repeat(DEFAULT_OUTPUT_BUDGET)),
      ...figures,
      'texts scanned for secrets (outputs, errors, stderr)': seenTexts.length,
      'secrets found': secretsIn(seenTexts).length,
    },
  );
});

function toolOf(id: EndpointId) {
  return agentToolName(id);
}

/** Values for every input a tool takes that the sandbox has a record for. */
function inputsFor(id: EndpointId, values: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of Object.keys(endpointSpec(id).params))
    if (name !== 'cursor' && name !== 'count' && values[name] !== undefined)
      args[agentArgName(name)] = values[name];
  return args;
}

/** A tools/list POST with a chosen Host header, which fetch would not let a test set. */
function post(url: URL, headers: Record<string, string>): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A result as a host re-encoding it hands it to a model (n8n's MCP Client Tool): the content
 * array, and the same body again as structuredContent.
 */
function reencoded(seen: Seen): number {
  const structured = seen.isError ? {} : { structuredContent: seen.body };
  return JSON.stringify([{ response: [{ type: 'text', text: seen.text }], ...structured }]).length;
}

function recordsOf(seen: Seen): Array<{ id: string }> {
  return (seen.body.records ?? []) as Array<{ id: string }>;
}

const CLIENTS: Array<[ClientEra, TransportKind]> = [
  ['v2', 'stdio'],
  ['v2', 'http'],
  ['v1', 'stdio'],
  ['v1', 'http'],
];

describe.each(CLIENTS)('the SDK %s client over %s', (era, kind) => {
  let server: Connected;
  const call = async (name: string, args: Record<string, unknown>) => {
    const seen = await callTool(server.client, name, args);
    seenTexts.push(seen.text);
    return seen;
  };

  beforeAll(async () => {
    server = await connect(kind, settingsFor(sandbox.url), ['--verbose'], era);
  });
  afterAll(async () => {
    await server?.close();
    if (server) seenTexts.push(server.stderr());
  });

  it(`runs on the protocol revision the ${era} client speaks (${REVISION[era]})`, () => {
    expect(server.client.revision()).toBe(REVISION[era]);
  });

  it('lists one tool per catalog endpoint, its schema and annotations taken from the catalog', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(endpointIds.map(toolOf));
    const byName = new Map<string, Tool>(tools.map((tool) => [tool.name, tool]));
    for (const id of endpointIds) {
      const spec = endpointSpec(id);
      const tool = byName.get(toolOf(id))!;
      const properties = tool.inputSchema.properties as Record<string, Record<string, unknown>>;
      const params = Object.entries(spec.params).filter(([name]) => name !== 'count');
      expect(tool.inputSchema.required).toEqual(
        params.filter(([, param]) => param.required).map(([name]) => agentArgName(name)),
      );
      for (const [name] of params) expect(properties).toHaveProperty(agentArgName(name));
      // One naming style for every argument, and one way to ask for fewer records: limit.
      for (const name of Object.keys(properties))
        expect({ tool: tool.name, name }).toEqual({
          tool: tool.name,
          name: expect.stringMatching(/^[a-z]+(_[a-z]+)*$/),
        });
      expect(properties).not.toHaveProperty('count');
      expect(Object.hasOwn(properties, 'limit')).toBe(isPaginated(id));
      expect(tool.description).toContain(spec.description);
      if ('userName' in spec.params) expect(tool.description).toContain('x.com/name');
      expect(tool.annotations).toMatchObject({
        readOnlyHint: spec.idempotent,
        idempotentHint: spec.idempotent,
      });
      // Issue 42: what a success holds, for clients that validate and map it.
      expect(tool.outputSchema).toMatchObject({
        type: 'object',
        required: expect.arrayContaining(['summary']),
      });
    }
    expect(byName.get(toolOf('createList'))!.annotations).toMatchObject({
      readOnlyHint: false,
      idempotentHint: false,
    });
    figures['tools listed'] = tools.length;
  });

  it('calls every tool with the sandbox inputs, each output within the budget', async () => {
    const tweets = await call(toolOf('getUserTweets'), { user_name: RECORD_INPUTS.userName, limit: 3 });
    const values: Record<string, unknown> = {
      ...RECORD_INPUTS,
      ...PLAIN_INPUTS,
      tweet_ids: recordsOf(tweets).map((tweet) => tweet.id),
    };
    for (const id of endpointIds) {
      const seen = await call(toolOf(id), inputsFor(id, values));
      expect({ tool: toolOf(id), isError: seen.isError }).toEqual({ tool: toolOf(id), isError: false });
      expect(reencoded(seen)).toBeLessThanOrEqual(DEFAULT_OUTPUT_BUDGET);
      const result = catalog[id].result.kind;
      if (result === 'createdList') expect(seen.body.list_id).toMatch(/^\d+$/);
      else if (result === 'record') expect(seen.body.record).toHaveProperty('id');
      else expect(recordsOf(seen).length).toBeGreaterThan(0);
      if (kind === 'stdio')
        figures[`${toolOf(id)} output`] =
          `${seen.text.length.toLocaleString('en-US')} characters ≈ ${approximateTokens(seen.text)} tokens; records: ${result === 'record' ? 1 : recordsOf(seen).length}`;
    }
  });

  it('ends a read at the output budget and continues it from next_cursor to the end of 1,000 followers, with no record lost or repeated', async () => {
    const args = { user_name: 'followers_1k', limit: 200 };
    const first = await call(toolOf('getUserFollowers'), args);
    expect(first.isError).toBe(false);
    expect(reencoded(first)).toBeLessThanOrEqual(DEFAULT_OUTPUT_BUDGET);
    expect(reencoded(first)).toBeGreaterThan(DEFAULT_OUTPUT_BUDGET * 0.9);
    expect(recordsOf(first).length).toBeLessThan(200);
    expect(first.body.summary).toContain('output size budget');
    const second = await call(toolOf('getUserFollowers'), { ...args, cursor: first.body.next_cursor });
    expect(second.isError).toBe(false);
    // A model that follows next_cursor to the end reads the 1,000 followers once each, in order.
    const ids = recordsOf(first)
      .concat(recordsOf(second))
      .map((record) => record.id);
    let cursor = second.body.next_cursor;
    let calls = 2;
    for (; typeof cursor === 'string' && cursor !== '' && calls < 40; calls += 1) {
      const next = await call(toolOf('getUserFollowers'), { ...args, cursor });
      expect(next.isError).toBe(false);
      expect(reencoded(next)).toBeLessThanOrEqual(DEFAULT_OUTPUT_BUDGET);
      ids.push(...recordsOf(next).map((record) => record.id));
      cursor = next.body.next_cursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    const truth = await createClient({ baseUrl: sandbox.url, apiKey: API_KEY })
      .paginate('getUserFollowers', { userName: 'followers_1k' })
      .toArray();
    expect(truth).toHaveLength(1000);
    expect(ids).toEqual(truth.map((user) => user.id));
    if (kind === 'stdio') {
      figures['followers_1k, limit 200: records in call 1 (cut by the budget)'] = recordsOf(first).length;
      figures['followers_1k, limit 200: characters in call 1'] = first.text.length;
      figures['followers_1k, limit 200: records in call 2 (from its cursor)'] = recordsOf(second).length;
      figures['followers_1k, limit 200: calls to read all 1,000 by cursor'] = calls;
    }
  });

  it.each([
    ['getUser', { user_name: 'not a screen name!' }, 'user_name'],
    ['getUser', { userName: 'not a screen name!' }, 'user_name'],
    ['getUserFollowers', { user_name: 'social_data', limit: 5000 }, 'limit'],
    ['getUserMedia', { user_name: 'social_data', count: 500 }, 'count'],
    ['getUser', { user_name: 'social_data', limit: 5 }, 'limit'],
    ['lookupTweets', { tweet_ids: 'https://x.com/jack' }, 'tweet_ids'],
    ['getUsersByIds', { user_ids: 'https://x.com/jack' }, 'user_ids'],
  ] as const)('refuses bad input to %s (%j) naming %s, before any request', async (id, args, field) => {
    const before = sandbox.stats.requests;
    const seen = await call(toolOf(id), args);
    expect(seen.isError).toBe(true);
    expect(seen.body.error).toMatchObject({ type: 'ValidationError', field });
    expect((seen.body.error as { message: string }).message).toMatch(new RegExp(`^${field}: `));
    expect(sandbox.stats.requests).toBe(before);
  });

  it('refuses a cursor of another tool, naming the tool it belongs to', async () => {
    const followers = await call(toolOf('getUserFollowers'), { user_name: 'followers_1k', limit: 5 });
    const before = sandbox.stats.requests;
    const seen = await call(toolOf('getUserFollowing'), {
      user_name: 'followers_1k',
      cursor: followers.body.next_cursor,
    });
    expect(seen.body.error).toMatchObject({ field: 'cursor' });
    expect((seen.body.error as { message: string }).message).toContain(toolOf('getUserFollowers'));
    expect(sandbox.stats.requests).toBe(before);
  });

  it.each([
    ['error-200', 'Internal processing error, try again'],
    ['redirect-other-origin', 'redirect'],
  ] as const)(
    'answers the sandbox fault %s with an error result, and the next call works',
    async (fault, text) => {
      sandbox.faults.add({ fault, endpoint: 'getUserFollowers', times: 1 });
      try {
        const seen = await call(toolOf('getUserFollowers'), { user_name: 'social_data', limit: 5 });
        expect(seen.isError).toBe(true);
        const error = seen.body.error as { message: string; hint: string };
        expect(`${error.message} ${error.hint}`).toContain(text);
        const again = await call(toolOf('getUserFollowers'), { user_name: 'social_data', limit: 5 });
        expect(recordsOf(again)).toHaveLength(5);
      } finally {
        sandbox.faults.clear();
      }
    },
  );

  it('answers a rate limit that outlasts the retries with an error result saying when to try again', async () => {
    sandbox.faults.add({ fault: 'rate-limit', endpoint: 'getUser', retryAfter: 1, times: 3 });
    try {
      const seen = await call(toolOf('getUser'), { user_name: 'social_data' });
      expect(seen.isError).toBe(true);
      expect(seen.body.error).toMatchObject({ type: 'RateLimitError', retry_after_seconds: 1 });
      const again = await call(toolOf('getUser'), { user_name: 'social_data' });
      expect(again.isError).toBe(false);
    } finally {
      sandbox.faults.clear();
    }
  });
});

// Over stateless HTTP the cancel is a POST of its own, which reaches a fresh server (decision M7).
describe('a call the client cancels over stdio', () => {
  it('stops the API request at once, and the server goes on serving', async () => {
    const server = await connect('stdio', settingsFor(sandbox.url));
    sandbox.faults.add({ fault: 'slow', endpoint: 'getTopic', delayMs: 600_000 });
    try {
      const before = sandbox.stats.byEndpoint.getTopic ?? 0;
      const controller = new AbortController();
      const pending = server.client.callTool(
        toolOf('getTopic'),
        { topic_id: RECORD_INPUTS.topic_id },
        { signal: controller.signal, timeout: 600_000 },
      );
      await until(
        'the request to reach the sandbox',
        () => (sandbox.stats.byEndpoint.getTopic ?? 0) > before,
        60_000,
      );
      controller.abort();
      await expect(pending).rejects.toThrow();
      await until(
        'the server to log the cancelled call',
        () => server.stderr().includes('get_topic: error (CancelledError)'),
        60_000,
        server.stderr,
      );
      sandbox.faults.clear();
      expect((await callTool(server.client, toolOf('getUser'), { user_name: 'social_data' })).isError).toBe(
        false,
      );
    } finally {
      sandbox.faults.clear();
      await server.close();
      seenTexts.push(server.stderr());
    }
  });
});

describe('the HTTP transport', () => {
  it('answers only POST on /mcp, and refuses a Host that is not loopback (DNS rebinding)', async () => {
    const server = await connect('http', settingsFor(sandbox.url));
    try {
      const url = new URL(server.url!);
      const get = await fetch(url);
      expect(get.status).toBe(405);
      const rebound = await post(url, { host: `attacker.example:${url.port}` });
      expect(rebound.status).toBe(403);
      const local = await post(url, { host: url.host });
      expect(local.status).toBe(200);
    } finally {
      await server.close();
      seenTexts.push(server.stderr());
    }
  });

  it('stops on a Ctrl-C sent the moment it prints its address: it closes and exits 0, not by the signal', async () => {
    const child = spawn(process.execPath, [BIN, '--http', '--port', '0'], {
      env: { PATH: process.env.PATH ?? '', ...settingsFor(sandbox.url) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = once(child, 'exit');
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      const printed = stderr.includes('listening at');
      stderr += chunk.toString();
      // One Ctrl-C, as a user gives it: a second would find the handler gone. A handler installed
      // only after the address is printed loses this race only on a loaded machine.
      if (!printed && stderr.includes('listening at')) child.kill('SIGINT');
    });
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    seenTexts.push(stderr);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });
});

describe('a server whose API answers start and never finish (issue 38)', () => {
  it.each(['drip-body', 'stall-body', 'cut-body'] as const)(
    'ends a call whose answers do %s by --timeout, as an error result',
    async (fault) => {
      const server = await connect('stdio', settingsFor(sandbox.url), ['--timeout', '1']);
      sandbox.faults.add({ fault, endpoint: 'getUser', times: 3, delayMs: 1000 });
      try {
        const started = Date.now();
        const seen = await callTool(server.client, toolOf('getUser'), { user_name: 'social_data' });
        seenTexts.push(seen.text);
        expect(seen.isError).toBe(true);
        expect(seen.body.error).toMatchObject({
          type: fault === 'cut-body' ? 'ConnectionError' : 'TimeoutError',
        });
        // Three attempts of 1 s and decision B32's 1 s grace, with the backoff between: not 30 s each.
        expect(Date.now() - started).toBeLessThan(20_000);
      } finally {
        sandbox.faults.clear();
        await server.close();
        seenTexts.push(server.stderr());
      }
    },
  );
});

describe('a server offering some tools (--tools)', () => {
  it('lists only those, and answers a call to another as a tool it does not have', async () => {
    const server = await connect('stdio', settingsFor(sandbox.url), ['--tools', 'topic,get_user']);
    try {
      const { tools } = await server.client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toContain(toolOf('getUser'));
      expect(names.every((name) => name === toolOf('getUser') || name.includes('topic'))).toBe(true);
      const other = await callTool(server.client, toolOf('lookupTweets'), { tweet_ids: '20' });
      seenTexts.push(other.text);
      expect(other.isError).toBe(true);
      expect(other.body.error).toMatchObject({ type: 'UnknownTool' });
    } finally {
      await server.close();
      seenTexts.push(server.stderr());
    }
  });
});

describe('a server whose settings are wrong', () => {
  it.each([
    ['no API key', { SOCIAL_DATA_API_KEY: '' }, 'ValidationError', 'SOCIAL_DATA_API_KEY'],
    ['a revoked API key', { SOCIAL_DATA_API_KEY: REVOKED_KEY }, 'AuthenticationError', 'SOCIAL_DATA_API_KEY'],
  ])(
    'with %s still lists its tools, and each call says which setting to fix',
    async (_case, change, type, setting) => {
      const server = await connect('stdio', { ...settingsFor(sandbox.url), ...change }, ['--verbose']);
      try {
        expect((await server.client.listTools()).tools).toHaveLength(endpointIds.length);
        const seen = await callTool(server.client, toolOf('getUser'), { user_name: 'social_data' });
        seenTexts.push(seen.text);
        expect(seen.isError).toBe(true);
        expect(seen.body.error).toMatchObject({ type, settings: expect.stringContaining(setting) });
        // Issue 40 point 2 / issue 42: the model is not told to pass a setting as an argument,
        // and reads this server's words only: its variables, the tool by its name.
        const error = seen.body.error as { field?: string; message: string; hint: string };
        expect(error.field).toBeUndefined();
        const words = `${error.message} ${error.hint}`;
        expect(words).not.toMatch(/n8n|Zapier|credential|connection \(|social-data configure/);
        expect(words).toMatch(/this MCP server's SOCIAL_DATA_\* environment variables|get_user\b/);
        // The log the MCP client shows the user says the same, in the same words.
        if (type === 'ValidationError')
          expect(server.stderr()).toMatch(
            /not configured, every tool call will say so: SOCIAL_DATA_API_KEY: /,
          );
        expect(server.stderr()).not.toMatch(/\b(apiKey|baseUrl|allowInsecureHttp)\b/);
        // A log line's reader starts the server: no "run again" meant for a caller.
        expect(server.stderr()).not.toMatch(/Correct the named input and run again/);
      } finally {
        await server.close();
        seenTexts.push(server.stderr());
      }
    },
  );
});

it('refuses a plain http:// address to another machine before any request, naming the variable that allows it', async () => {
  const server = await connect('stdio', {
    ...settingsFor(sandbox.url),
    SOCIAL_DATA_BASE_URL: 'http://api.example.com',
  });
  try {
    const seen = await callTool(server.client, toolOf('getUser'), { user_name: 'social_data' });
    seenTexts.push(seen.text);
    const error = seen.body.error as { message: string };
    expect(error.message).toMatch(
      /^SOCIAL_DATA_BASE_URL: plain http:\/\/ .* turn on SOCIAL_DATA_ALLOW_INSECURE_HTTP=true\.$/,
    );
    expect(error.message).not.toMatch(/allowInsecureHttp|baseUrl/);
    expect(server.stderr()).toMatch(
      /not configured, every tool call will say so: SOCIAL_DATA_BASE_URL: plain http:\/\/ .* turn on SOCIAL_DATA_ALLOW_INSECURE_HTTP=true\./,
    );
    expect(server.stderr()).not.toMatch(/\b(apiKey|baseUrl|allowInsecureHttp)\b/);
  } finally {
    await server.close();
    seenTexts.push(server.stderr());
  }
});

describe('secrets', () => {
  it('never appear in a tool output, an error or the server stderr', () => {
    expect(seenTexts.length).toBeGreaterThan(endpointIds.length);
    expect(secretsIn(seenTexts)).toEqual([]);
  });
});
