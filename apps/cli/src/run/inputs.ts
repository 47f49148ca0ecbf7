import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { UsageError } from './failure';

/** Non-empty lines; `#` starts a comment line, so an id file can say what it holds. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** stdin read as a stream: a pipe is non-blocking, and a synchronous read of it fails with EAGAIN. */
async function readSource(path: string): Promise<string> {
  if (path === '-') {
    if (process.stdin.isTTY)
      throw new UsageError(
        '"-" reads from stdin, which is a terminal here.',
        'Pipe values in, e.g. ... --format ids | social-data users get -',
      );
    return text(process.stdin);
  }
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(
      `--input: cannot read ${path}.`,
      'Give a file of values, one a line, or - for stdin.',
    );
  }
}

/**
 * The values of the positional argument: those given, with `-` standing for the lines of stdin,
 * and the lines of `--input FILE`. stdin is read once, whichever names it.
 */
export async function collectValues(
  given: readonly string[],
  inputFile: string | undefined,
): Promise<string[]> {
  const values: string[] = [];
  let stdinRead = false;
  const fromStdin = async () => {
    if (stdinRead) return [];
    stdinRead = true;
    return lines(await readSource('-'));
  };
  for (const value of given) for (const one of value === '-' ? await fromStdin() : [value]) values.push(one);
  if (inputFile !== undefined)
    for (const one of inputFile === '-' ? await fromStdin() : lines(await readSource(inputFile)))
      values.push(one);
  return values;
}
