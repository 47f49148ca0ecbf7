import type { SocialDataClient } from '@social-data/core';
import { EXIT, Interrupted, describe, exitCodeOf } from '../run/failure';
import type { FieldNames } from '../run/failure';

/** `is-private` → `isPrivate`, as commander names an option's value. */
export function camel(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Prints a failure on stderr (message, then hint) and sets the exit code. Ctrl-C is not a
 * failure to explain: it says where the saved export stands instead.
 */
export function reportFailure(
  error: unknown,
  client: SocialDataClient | undefined,
  checkpoint?: string,
  command?: string,
  fields?: FieldNames,
): void {
  const code = exitCodeOf(error);
  process.exitCode = code;
  if (code === EXIT.interrupted) {
    const hint = error instanceof Interrupted && error.hint ? `\nhint: ${error.hint}` : '';
    process.stderr.write(
      checkpoint
        ? `social-data: interrupted; the checkpoint ${checkpoint} is saved: run the same command to continue.\n`
        : `social-data: ${error instanceof Interrupted && error.hint ? error.message : 'interrupted.'}${hint}\n`,
    );
    return;
  }
  process.stderr.write(`${describe(error, client?.redact, command, fields)}\n`);
  if (checkpoint && code === EXIT.failure)
    process.stderr.write(
      `social-data: the checkpoint ${checkpoint} is saved: run the same command to continue.\n`,
    );
}
