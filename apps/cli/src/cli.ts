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
const operation =
  args[0] === 'help'
    ? program.commands
        .find((group) => group.name() === args[1])
        ?.commands.find((sub) => sub.name() === args[2])
    : undefined;
const argv = operation ? [node, script, ...args.slice(1), '--help'] : process.argv;

try {
  await program.parseAsync(argv);
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  // commander has printed the problem; a bare group name or a wrong flag is bad usage.
  process.exitCode = SUCCESSFUL.has(error.code) ? EXIT.ok : EXIT.usage;
}
