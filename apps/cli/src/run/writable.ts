import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './failure';

/**
 * Refuses a file the run could not save (a missing folder, no permission, a folder given as the
 * file) before the first request: a checkpoint or a state that fails to save after a page would
 * cost the work done, and an export into a folder would fail only at its very end.
 */
export function checkWritable(flag: string, path: string, { appends = false } = {}): void {
  if (/[\\/]$/.test(path) || (existsSync(path) && statSync(path).isDirectory()))
    throw new UsageError(`${flag}: ${path} is a folder.`, 'Give the path of a file in that folder.');
  // A file appended to is written in place (/dev/null, a pipe, a file in a folder of others);
  // the others are written beside and renamed, so their folder must take a new file.
  const target = appends && existsSync(path) ? path : dirname(resolve(path));
  try {
    accessSync(target, constants.W_OK);
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? 'not writable'}).`,
      'Give a file in a folder that exists and that you can write to.',
    );
  }
}

/**
 * Refuses one file given for two purposes (`-o` and `--checkpoint` or `--state`, or the file an
 * export writes before it is complete, `FILE.partial`): each would overwrite the other.
 */
export function checkDistinct(files: ReadonlyArray<readonly [flag: string, path: string | undefined]>): void {
  // `-` is stdout; a state or checkpoint is written to FILE.tmp first, an export to FILE.partial,
  // and a watch's state is held by a lock folder FILE.lock.
  const given = files.filter(
    (file): file is readonly [string, string] => file[1] !== undefined && file[1] !== '-',
  );
  const forms = (path: string) =>
    ['', '.partial', '.tmp', '.lock'].map((suffix) => `${resolve(path)}${suffix}`);
  for (const [at, [flag, path]] of given.entries())
    for (const [other, otherPath] of given.slice(at + 1)) {
      const [a, b] = [resolve(path), resolve(otherPath)];
      if (forms(a).includes(b) || forms(b).includes(a))
        throw new UsageError(
          `${other}: ${otherPath} is also the file of ${flag}; each would overwrite the other.`,
          `Give ${other} a file of its own.`,
        );
    }
}
