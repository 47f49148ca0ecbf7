import { USER_SETTINGS, endpointIds } from '@social-data/core';
import { codeNames, everyCheck } from '@social-data/input-checks';
import type { Check } from '@social-data/input-checks';

import { commandNames, fieldNames, kebab, positionalParam } from '../src/commands/names';
import { buildProgram } from '../src/program';
import { describe as described } from '../src/run/failure';

/**
 * Every refusal core makes of a form before a request (`everyCheck`), as a terminal prints it
 * for the command that takes the input: once in the command line's words (`<user-name>`,
 * `--page-size`, a variable), no code name is left on stderr outside the user's own quoted
 * value. Settings the CLI passes itself (retries, timeouts) are checked by its flags first, and
 * are left out, as are tweet filters, which it does not have. `next_cursor` is a word its users
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
