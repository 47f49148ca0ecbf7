import { N8N_LINES } from '@social-data/n8n-harness';

import { DEFAULT_LINE, LINE_VARIABLE, parseOptions, usage } from '../src/options';

describe('the options of npm run demo and npm run dev', () => {
  it('run n8n 2.x unless told otherwise', () => {
    expect(DEFAULT_LINE).toBe(2);
    expect(parseOptions([], {})).toEqual({ line: 2, help: false });
  });

  it.each([
    [['--n8n', '1'], {}],
    [['--n8n=1'], {}],
    [['--n8n', '1.x'], {}],
    [[], { [LINE_VARIABLE]: '1' }],
    [['--n8n', '1'], { [LINE_VARIABLE]: '2' }],
  ])('pick n8n 1.x with %j and environment %j (the flag wins)', (argv, env) => {
    expect(parseOptions(argv, env).line).toBe(1);
  });

  it.each([
    [['--n8n', '3'], {}, /--n8n must be 1 or 2 \(the n8n line\), not "3"/],
    [[], { [LINE_VARIABLE]: 'latest' }, new RegExp(`${LINE_VARIABLE} must be 1 or 2 .* not "latest"`)],
    [['--line', '1'], {}, /Unknown option '--line'.*see --help/],
    [['demo'], {}, /positional argument.*see --help/],
  ])('refuse %j with environment %j, naming the flag or variable and the fix', (argv, env, message) => {
    expect(() => parseOptions(argv, env)).toThrow(message);
  });

  it('describe both lines, the default, the variable and an example in --help', () => {
    expect(parseOptions(['--help'], {}).help).toBe(true);
    expect(parseOptions(['-h'], {}).help).toBe(true);
    const text = usage('demo', 'Runs the examples.');
    for (const spec of Object.values(N8N_LINES)) expect(text).toContain(spec.version);
    expect(text).toContain('Default 2 (n8n 2.41.1)');
    expect(text).toContain(LINE_VARIABLE);
    expect(text).toContain('npm run demo -- --n8n 1');
  });
});
