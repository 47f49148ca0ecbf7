import { Execution } from '../src/execution';
import { parseRawOutput } from '../src/run-command';
import type { CliResult } from '../src/run-command';

const run = (status: string, finished: boolean) => ({
  status,
  finished,
  data: { resultData: { runData: {} } },
});
const exit = (code: number | null, signal: NodeJS.Signals | null): CliResult => ({
  code,
  signal,
  stdout: '{\n}',
  stderr: '',
});

describe('whether an n8n execute counts as a success (decision E9)', () => {
  it('counts a finished, successful run that exited with 0', () => {
    expect(new Execution(exit(0, null), run('success', true)).succeeded).toBe(true);
  });

  it('counts a finished, successful run that a signal ended on the way out, and says so', () => {
    const execution = new Execution(exit(null, 'SIGSEGV'), run('success', true));
    expect(execution.succeeded).toBe(true);
    expect(execution.endedAfterRun).toBe(true);
    expect(execution.output).toMatch(/\(n8n was ended by SIGSEGV\)$/);
  });

  it.each([
    ['a failed run that exited with 0', exit(0, null), run('error', true)],
    ['a successful run with a non-zero exit code', exit(1, null), run('success', true)],
    ['an unfinished run that a signal ended', exit(null, 'SIGKILL'), run('running', false)],
    ['a failed run that a signal ended', exit(null, 'SIGKILL'), run('error', true)],
    ['no run printed at all', exit(null, 'SIGKILL'), null],
  ])('fails %s', (_name, result, printed) => {
    const execution = new Execution(result, printed);
    expect(execution.succeeded).toBe(false);
  });

  it('names the exit code when no signal ended n8n', () => {
    expect(new Execution(exit(1, null), null).output).toMatch(/\(n8n exited with code 1\)$/);
  });
});

describe("reading the run from n8n execute's output", () => {
  const printed = 'n8n Task Broker ready\n{\n  "status": "success",\n  "finished": true\n}\n';

  it('reads the run after the log lines', () => {
    expect(parseRawOutput(printed)).toEqual({ status: 'success', finished: true });
  });

  it('reads no run from output cut off mid-print', () => {
    expect(parseRawOutput(printed.slice(0, 40))).toBeNull();
  });
});
