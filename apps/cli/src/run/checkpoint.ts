import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { FormatState } from '@social-data/core/files';
import { UsageError } from './failure';

/**
 * Where an export stands: core's resume point (the cursor and the records of its page already
 * written), what was written, and the command it belongs to, so a checkpoint is never applied to
 * another export.
 */
export interface Checkpoint {
  v: 1;
  command: string;
  /** The command line that started the export, as typed: how a refusal names it. */
  typed?: string;
  startCursor: string | undefined;
  skip: number;
  records: number;
  pages: number;
  bytes: number;
  format: FormatState;
}

export function readCheckpoint(path: string, command: string): Checkpoint | undefined {
  if (!existsSync(path)) return undefined;
  let saved: Partial<Checkpoint>;
  try {
    saved = JSON.parse(readFileSync(path, 'utf8')) as Partial<Checkpoint>;
  } catch {
    throw new UsageError(`The checkpoint ${path} is not valid JSON.`, 'Delete it to start the export over.');
  }
  if (saved.v !== 1 || typeof saved.skip !== 'number' || typeof saved.bytes !== 'number')
    throw new UsageError(`The checkpoint ${path} is not one this version wrote.`, 'Delete it to start over.');
  if (saved.command !== command)
    throw new UsageError(
      `The checkpoint ${path} belongs to another export: ${saved.typed ?? `${saved.command}.`}`,
      'Run that command to finish it, or pick another checkpoint file.',
    );
  return saved as Checkpoint;
}

/** Written whole to a temporary file and renamed, so a crash leaves the old checkpoint or the new. */
export function saveCheckpoint(path: string, checkpoint: Checkpoint): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(checkpoint)}\n`);
  renameSync(temporary, path);
}

export function removeCheckpoint(path: string): void {
  rmSync(path, { force: true });
}

/** A word of a command line as a shell takes it back: quoted only where it must be. */
const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/** This run's command line, as typed (no flag of the CLI carries a secret). */
export const typedCommand = (): string => ['social-data', ...process.argv.slice(2)].map(shellWord).join(' ');
