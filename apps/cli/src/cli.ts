import { CommanderError } from 'commander';
import { buildProgram } from './program';
import { EXIT } from './run/failure';

// A reader that went away (`| head`) is not a failure of the export.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

const SUCCESSFUL = new Set(['commander.helpDisplayed', 'commander.version']);

const program = buildProgram();
// `help user followers` shows the help of `user followers`: commander's help command takes one
// name, and would show the group's. Anything else goes to commander as typed.
const [node = '', script = '', ...args] = process.argv;
const [first, groupName, operationName] = args;
const group = program.commands.find((command) => command.name() === groupName);
const operation = group?.commands.find((sub) => sub.name() === operationName);
// Commander would show the program's help for a name it does not know, as if that were an answer.
// Flags (`help --help`) and commands without operations (`help watch …`) are commander's to answer.
const named = (word: string | undefined): word is string => word !== undefined && !word.startsWith('-');
const unknown =
  first === 'help' &&
  named(groupName) &&
  groupName !== 'help' &&
  (!group || (named(operationName) && group.commands.length > 0 && !operation));

if (unknown) {
  const asked = [groupName, operationName].filter(Boolean).join(' ');
  process.stderr.write(
    `social-data: there is no command "${asked}".\nhint: run social-data help${group ? ` ${groupName}` : ''} to see the commands.\n`,
  );
  process.exitCode = EXIT.usage;
} else {
  try {
    // `help help` is the program's help, as `help` is.
    const asked = first === 'help' && groupName === 'help' ? [] : args.slice(1);
    await program.parseAsync(
      first === 'help' && (operation || groupName === 'help')
        ? [node, script, ...asked, '--help']
        : process.argv,
    );
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // commander has printed the problem; a bare group name or a wrong flag is bad usage. Help that
    // was asked for (`help user`, `--help`) is an answer.
    const answered = SUCCESSFUL.has(error.code) || (error.code === 'commander.help' && error.exitCode === 0);
    process.exitCode = answered ? EXIT.ok : EXIT.usage;
  }
}
