import { endpointIds } from '@social-data/core';
import { Command } from 'commander';
import { addCompletionCommand } from './commands/completion';
import { addConfigureCommand } from './commands/configure';
import { addEndpointCommand } from './commands/endpoint';
import { commandNames } from './commands/names';
import { addWatchCommand } from './commands/watch';
import { version } from './version';

const EXIT_CODES = `
Exit codes:
  0    success
  1    the API or the network failed (the message and a hint are on stderr)
  2    bad usage or input (nothing was sent)
  3    done, but not sure it is complete: the API ended a read early, or watch could not be sure
  130  interrupted (Ctrl-C); a --checkpoint or --state file is saved`;

/** The command tree: a group per resource, a command per catalog entry, then watch and the tools. */
export function buildProgram(): Command {
  const program = new Command('social-data')
    .description(
      'The Social Data Retrieval API from a terminal: every endpoint, JSON Lines out, exports that resume, new items since the last run.',
    )
    .version(version)
    // commander's own complaints (an unknown option, a missing argument) start as ours do, so a
    // script or a reader finds every problem of this command under one name.
    .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, 'social-data: ')) })
    .showSuggestionAfterError()
    .exitOverride()
    .addHelpText('after', EXIT_CODES);
  const groups = new Map<string, Command>();
  for (const id of endpointIds) {
    const { group, operation } = commandNames.get(id)!;
    let command = groups.get(group);
    if (!command) {
      command = program.command(group).addHelpText('after', EXIT_CODES);
      groups.set(group, command);
    }
    addEndpointCommand(command, id, operation);
  }
  for (const command of groups.values()) {
    const operations = command.commands.map((sub) => sub.name()).join(', ');
    command.summary(operations).description(`Operations: ${operations}.`);
  }
  addWatchCommand(program).addHelpText('after', EXIT_CODES);
  addConfigureCommand(program);
  addCompletionCommand(program);
  return program;
}
