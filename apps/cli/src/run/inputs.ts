import { readFileSync } from 'node:fs';
import { UsageError } from './failure';

/** Non-empty lines; `#` starts a comment line, so an id file can say what it holds. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function readSource(path: string): string {
  if (path === '-') {
    if (process.stdin.isTTY)
      throw new UsageError(
        '"-" reads from stdin, which is a terminal here.',
        'Pipe values in, e.g. ... --format ids | social-data users get -',
      );
    return readFileSync(0, 'utf8');
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
export function collectValues(given: readonly string[], inputFile: string | undefined): string[] {
  const values: string[] = [];
  let stdinRead = false;
  const fromStdin = () => {
    if (stdinRead) return [];
    stdinRead = true;
    return lines(readSource('-'));
  };
  for (const value of given) for (const one of value === '-' ? fromStdin() : [value]) values.push(one);
  if (inputFile !== undefined)
    for (const one of inputFile === '-' ? fromStdin() : lines(readSource(inputFile))) values.push(one);
  return values;
}
