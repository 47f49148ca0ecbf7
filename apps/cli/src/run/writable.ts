import { accessSync, constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './failure';

/**
 * Refuses a file the run could not save (a missing folder, no permission) before the first
 * request: a checkpoint or a state that fails to save after a page would cost the work done.
 */
export function checkWritable(flag: string, path: string): void {
  const folder = dirname(resolve(path));
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? 'not writable'}).`,
      'Give a file in a folder that exists and that you can write to.',
    );
  }
}
