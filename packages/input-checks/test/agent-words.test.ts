import { endpointSpec } from '@social-data/core';
import { agentArgName, agentTools, runAgentTool } from '@social-data/core/agent';
import { createClient } from '@social-data/core/node';

import { BAD_VALUES, codeNames } from '../src';

/**
 * What an agent reads when a tool refuses its arguments before any request, over every tool,
 * every argument of its schema (and some it does not have) and every kind of bad value: each name the error writes outside a
 * quoted value is an argument of that tool, the tool itself, or `next_cursor` (a key of its results). A name of
 * core's (`userName`, `startCursor`) would send a model after an argument it does not have. The
 * same holds where a host offers the catalog's names as the arguments (n8n's tool).
 */
const client = createClient({
  apiKey: 'tda_agent_words_0123456789',
  baseUrl: 'https://api.social-data.test',
  cookie: 'auth_token=agent-words; ct0=agent-words',
  proxy: 'http://127.0.0.1:8080',
  transport: () => Promise.reject(new Error('a check let a request through')),
  sleep: async () => {},
});

const tools = agentTools();
const RESULT_KEYS = ['next_cursor'];
const UNKNOWN_ARGUMENTS = ['extra', 'start_cursor_x', 'startCursor'];

/** A value the argument takes: every refusal then comes from the argument under test. */
const valid = (schema: { type?: unknown }) => (schema.type === 'boolean' ? true : '123');

it.each([['tool'], ['catalog']] as const)(
  'names only arguments of the tool with %s names, for every argument and bad value',
  async (argNames) => {
    const strays: string[] = [];
    let refused = 0;
    for (const tool of tools) {
      const properties = tool.inputSchema.properties as Record<string, { type?: unknown }>;
      const required = (tool.inputSchema.required as string[] | undefined) ?? [];
      // The catalog's names where the host offers them: each schema name's catalog parameter.
      const catalogOf = (name: string) =>
        Object.keys(endpointSpec(tool.id).params).find((param) => agentArgName(param) === name) ?? name;
      const nameFor = (name: string) => (argNames === 'tool' ? name : catalogOf(name));
      const names = Object.keys(properties).map(nameFor);
      const base = Object.fromEntries(required.map((name) => [nameFor(name), valid(properties[name]!)]));
      // Arguments the tool does not have, too: a model's guess, or core's own name for one.
      for (const argument of [...Object.keys(properties), ...UNKNOWN_ARGUMENTS])
        for (const value of BAD_VALUES) {
          const output = await runAgentTool(
            client,
            tool.id,
            { ...base, [nameFor(argument)]: value },
            { argNames },
          );
          const { error } = JSON.parse(output.text) as {
            error?: { type: string; message: string; hint?: string; field?: string };
          };
          if (error?.type !== 'ValidationError') continue;
          refused += 1;
          // The argument given is named back, also one the tool does not have.
          const allowed = new Set([...names, ...RESULT_KEYS, tool.name, nameFor(argument)]);
          for (const name of [error.message, error.hint, error.field].flatMap(codeNames))
            if (!allowed.has(name))
              strays.push(`${name} (${tool.name} ${argument}=${String(value)}: ${error.message})`);
        }
    }
    expect(refused).toBeGreaterThan(500);
    expect([...new Set(strays)].slice(0, 20)).toEqual([]);
  },
);
