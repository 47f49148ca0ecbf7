import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { endpointIds } from '@social-data/core';
import { DEFAULT_OUTPUT_BUDGET } from '@social-data/core/agent';

import { readOptions } from '../src/options';

describe('options', () => {
  it('default to stdio, loopback, port 3333 and the default budget', () => {
    expect(readOptions([], {})).toMatchObject({
      http: false,
      host: '127.0.0.1',
      port: 3333,
      budget: DEFAULT_OUTPUT_BUDGET,
      verbose: false,
    });
  });

  it('come from the environment, and a flag wins over its variable', () => {
    const env = {
      SOCIAL_DATA_MCP_TRANSPORT: 'HTTP',
      SOCIAL_DATA_MCP_PORT: '8080',
      SOCIAL_DATA_MCP_BUDGET: '5000',
    };
    expect(readOptions([], env)).toMatchObject({ http: true, port: 8080, budget: 5000 });
    expect(readOptions(['--port', '0', '--budget', '6000'], env)).toMatchObject({ port: 0, budget: 6000 });
  });

  it.each([
    [['--port', '70000'], '--port: 70000 is out of range'],
    [['--port', 'eighty'], '--port: "eighty" is not a whole number'],
    [
      ['--budget', '100'],
      '--budget: 100 is out of range. Use a whole number of at least 4000 (default 24000).',
    ],
  ])('refuse %j naming the flag and the fix', (argv, message) => {
    expect(() => readOptions(argv, {})).toThrow(message);
  });

  it.each([
    ['SOCIAL_DATA_MCP_BUDGET', 'abc', 'SOCIAL_DATA_MCP_BUDGET: "abc" is not a whole number'],
    ['SOCIAL_DATA_MCP_PORT', '70000', 'SOCIAL_DATA_MCP_PORT: 70000 is out of range'],
    ['SOCIAL_DATA_MCP_TIMEOUT', '0', 'SOCIAL_DATA_MCP_TIMEOUT: 0 is out of range'],
    [
      'SOCIAL_DATA_MCP_TOOLS',
      'followerz',
      'SOCIAL_DATA_MCP_TOOLS: "followerz" is neither a tool nor a group',
    ],
  ])('refuse %s=%j naming the variable, which is what the user set', (variable, value, message) => {
    expect(() => readOptions([], { [variable]: value })).toThrow(message);
  });

  // Issue 42: a tool set the user chooses, by group or name, from the flag or the environment.
  it('pick tools by group and by name, all by default, and refuse an unknown one naming it', () => {
    expect(readOptions([], {}).tools).toHaveLength(endpointIds.length);
    const picked = readOptions(['--tools', 'topic, get_user_followers'], {}).tools;
    expect(picked).toContain('get_user_followers');
    expect(picked.every((name) => name === 'get_user_followers' || name.includes('topic'))).toBe(true);
    expect(readOptions([], { SOCIAL_DATA_MCP_TOOLS: 'lookup_tweets' }).tools).toEqual(['lookup_tweets']);
    expect(() => readOptions(['--tools', 'user,followerz'], {})).toThrow(
      /--tools: "followerz" is neither a tool nor a group/,
    );
  });

  it('name groups in snake case as the tools are, and take one however it is written', () => {
    const mutedTools = readOptions(['--tools', 'muted_account'], {}).tools;
    expect(mutedTools.length).toBeGreaterThan(0);
    expect(mutedTools.every((name) => name.includes('muted'))).toBe(true);
    for (const written of ['Muted-Accounts', 'muted accounts', 'mutedAccount'])
      expect(readOptions(['--tools', written], {}).tools).toEqual(mutedTools);
    expect(readOptions(['--tools', 'bookmarks'], {}).tools).toEqual(
      readOptions(['--tools', 'bookmark'], {}).tools,
    );
    expect(readOptions(['--tools', 'communities'], {}).tools).toEqual(
      readOptions(['--tools', 'community'], {}).tools,
    );
    expect(() => readOptions(['--tools', 'nope'], {})).toThrow(
      /Use groups \(user, tweet, [^)]*muted_account/,
    );
    expect(() => readOptions(['--tools', 'nope'], {})).not.toThrow(/mutedAccount/);
  });

  it('take --timeout in seconds, 1 to 120, from the flag or SOCIAL_DATA_MCP_TIMEOUT', () => {
    expect(readOptions([], {}).timeoutMs).toBeUndefined();
    expect(readOptions(['--timeout', '5'], {}).timeoutMs).toBe(5000);
    expect(readOptions([], { SOCIAL_DATA_MCP_TIMEOUT: '60' }).timeoutMs).toBe(60_000);
    expect(() => readOptions(['--timeout', '0'], {})).toThrow(/--timeout: 0 is out of range/);
  });

  it('make the bin stop with status 2, the reason and the usage, on a bad flag', () => {
    const run = spawnSync(process.execPath, [join(__dirname, '..', 'dist', 'cli.js'), '--port', 'eighty'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--port: "eighty" is not a whole number');
    expect(run.stderr).toContain('Usage: social-data-mcp');
    expect(run.stdout).toBe('');
  });

  it('say what failed without the usage when the flags were right (a port another program holds)', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const run = spawnSync(
        process.execPath,
        [join(__dirname, '..', 'dist', 'cli.js'), '--http', '--port', String(port)],
        { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 },
      );
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/EADDRINUSE/);
      expect(run.stderr).not.toContain('Usage: social-data-mcp');
    } finally {
      holder.close();
    }
  });
});
