import { CommanderError } from 'commander';
import { buildProgram } from './program';
import { EXIT } from './run/failure';

// A reader that went away (`| head`) is not a failure of the export.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

const SUCCESSFUL = new Set(['commander.helpDisplayed', 'commander.version']);

try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) throw error;
  // commander has printed the problem; a bare group name or a wrong flag is bad usage.
  process.exitCode = SUCCESSFUL.has(error.code) ? EXIT.ok : EXIT.usage;
}
