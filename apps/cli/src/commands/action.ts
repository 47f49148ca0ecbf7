import { existsSync } from 'node:fs';
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
  // A run that failed before its first page was written saved no checkpoint: it is not said to.
  const saved = checkpoint !== undefined && existsSync(checkpoint);
  const continueWith = `the checkpoint ${checkpoint} is saved: run the same command to continue.`;
  if (code === EXIT.interrupted) {
    const hint = error instanceof Interrupted && error.hint ? `\nhint: ${error.hint}` : '';
    process.stderr.write(
      saved
        ? `social-data: interrupted; ${continueWith}\n`
        : checkpoint
          ? 'social-data: interrupted before the first page was written; nothing was saved, and the same command starts over.\n'
          : `social-data: ${error instanceof Interrupted && error.hint ? error.message : 'interrupted.'}${hint}\n`,
    );
    return;
  }
  process.stderr.write(`${describe(error, client?.redact, command, fields)}\n`);
  if (saved && code === EXIT.failure) process.stderr.write(`social-data: ${continueWith}\n`);
}
