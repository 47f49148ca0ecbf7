import { MAX_RETRIES_LIMIT, MAX_TIMEOUT_MS, USER_SETTINGS, endpointIds } from '@social-data/core';
import { createClient } from '@social-data/core/node';
import { BAD_VALUES, codeNames, everyCheck } from '@social-data/input-checks';
import { InvalidArgumentError } from 'commander';
import type { Check } from '@social-data/input-checks';

import { commandNames, fieldNames, kebab, positionalParam } from '../src/commands/names';
import { buildProgram } from '../src/program';
import { describe as described } from '../src/run/failure';

/**
 * Every refusal core makes of a form before a request (`everyCheck`), as a terminal prints it
 * for the command that takes the input: once in the command line's words (`<user-name>`,
 * `--page-size`, a variable), no code name is left on stderr outside the user's own quoted
 * value. Settings a flag gives (retries, timeout) are checked by the flag first (the last test
 * proves no value it takes is refused by core); tweet filters it does not have. `next_cursor` is a word its users
 * see as it is: `--start-cursor`'s help names it.
 */
const SHOWN_AS_IS = new Set(['next_cursor']);
// The completion command's library is ESM only, which jest's CommonJS runtime cannot load; no
// message of this test comes from it.
jest.mock('../src/commands/completion', () => ({ addCompletionCommand: () => undefined }));

let checks: Check[] = [];
beforeAll(async () => {
  checks = await everyCheck();
});

it('names every argument, option and setting as the command line takes it', () => {
  const program = buildProgram();
  const commandOf = (id: NonNullable<Check['endpoint']>) => {
    const { group, operation } = commandNames.get(id)!;
    const command = program.commands
      .find((each) => each.name() === group)!
      .commands.find((each) => each.name() === operation)!;
    return { command, line: `${group} ${operation}`, fields: fieldNames(command, positionalParam(id)?.[0]) };
  };
  // The command line has no tweet filters (jq or grep do that in a terminal), and a read's option
  // only where the command has its flag.
  const reachable = checks.filter(({ kind, given, endpoint }) => {
    if (kind === 'setting') return (USER_SETTINGS as readonly string[]).includes(given);
    if (kind === 'read')
      return commandOf(endpoint!).command.options.some(({ long }) => long === `--${kebab(given)}`);
    return kind === 'input';
  });
  const left = reachable.flatMap(({ where, endpoint, error }) => {
    // A setting is refused inside a command too: any one of them.
    const { line, fields } = commandOf(endpoint ?? endpointIds[0]!);
    const printed = described(error, undefined, line, fields);
    return codeNames(printed)
      .filter((name) => !SHOWN_AS_IS.has(name))
      .map((name) => `${name} (${where}: ${printed})`);
  });
  // Each kind the command line takes is read: a flag that stopped matching would silence a kind.
  for (const kind of ['input', 'setting', 'read'])
    expect(reachable.filter((check) => check.kind === kind).length).toBeGreaterThan(0);
  expect(reachable.length).toBeGreaterThan(1_000);
  expect([...new Set(left)].slice(0, 20)).toEqual([]);
});

/** Texts around every edge of the two flags' ranges, and the bad values of every kind. */
const FLAG_TEXTS = [
  ...BAD_VALUES.filter((value): value is string => typeof value === 'string'),
  ...['-0', '0.0004', '0.0005', '0.001', '1e-3', '1e3', '0x10', ' 7 ', '7.', 'Infinity', 'NaN'],
  ...[MAX_RETRIES_LIMIT - 1, MAX_RETRIES_LIMIT, MAX_RETRIES_LIMIT + 1].map(String),
  ...[-1, 0, 1].map((step) => String(Math.floor(MAX_TIMEOUT_MS / 1000) + step)),
  String(MAX_TIMEOUT_MS / 1000),
];

it('takes through --retries and --timeout only values core takes: any other is refused by the flag', () => {
  const command = buildProgram()
    .commands.find((each) => each.name() === 'user')!
    .commands.find((each) => each.name() === 'followers')!;
  const flags = { '--retries': 'maxRetries', '--timeout': 'timeoutMs' } as const;
  const settings = { apiKey: 'tda_cli_flag_checks_0123456789', baseUrl: 'https://api.social-data.test' };
  const passed: string[] = [];
  const wrong: string[] = [];
  for (const [flag, setting] of Object.entries(flags))
    for (const text of FLAG_TEXTS) {
      const option = command.options.find(({ long }) => long === flag)!;
      let value: unknown;
      try {
        value = option.parseArg!(text, undefined);
      } catch (error) {
        if (!(error instanceof InvalidArgumentError)) wrong.push(`${flag} ${text}: ${String(error)}`);
        continue;
      }
      passed.push(`${flag} ${text}`);
      try {
        createClient({ ...settings, [setting]: value });
      } catch (error) {
        wrong.push(`${flag} ${JSON.stringify(text)} → ${String(value)}: ${String(error)}`);
      }
    }
  // Both flags take some values, so the sweep crossed each range, not only its refusals.
  expect(passed.some((line) => line.startsWith('--retries'))).toBe(true);
  expect(passed.some((line) => line.startsWith('--timeout'))).toBe(true);
  expect(wrong).toEqual([]);
});
