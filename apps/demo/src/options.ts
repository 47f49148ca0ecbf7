import { isN8nLine, N8N_LINES } from '@social-data/n8n-harness';
import type { N8nLine } from '@social-data/n8n-harness';
import { parseArgs } from 'node:util';

/** The line new users install; `--n8n 1` or DEMO_N8N_LINE=1 picks the other. */
export const DEFAULT_LINE: N8nLine = 2;
export const LINE_VARIABLE = 'DEMO_N8N_LINE';

export interface CommandOptions {
  line: N8nLine;
  help: boolean;
}

const lineRows = Object.entries(N8N_LINES)
  .map(
    ([line, spec]) =>
      `                  ${line}  n8n ${spec.version} on ${spec.node ? `Node ${spec.node} (fetched once)` : "this machine's Node"}`,
  )
  .join('\n');

/** What `--help` prints for `npm run <command>`. */
export function usage(command: 'demo' | 'dev', summary: string): string {
  return `npm run ${command} [-- --n8n <line>]

${summary}

Options:
  --n8n <line>  which n8n runs it, installed on first use into the cache every clone
                shares (~/.cache/social-data-integrations; SOCIAL_DATA_CACHE_DIR moves it):
${lineRows}
                Default ${DEFAULT_LINE} (n8n ${N8N_LINES[DEFAULT_LINE].version}). The environment variable
                ${LINE_VARIABLE} sets it too; the flag wins.
  -h, --help    this text.

Example: npm run ${command} -- --n8n 1`;
}

/** Reads the command line and the environment; throws naming the flag or variable and the fix. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): CommandOptions {
  let values: { n8n?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { n8n: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}; see --help`);
  }
  const [source, value] =
    values.n8n !== undefined
      ? ['--n8n', values.n8n]
      : env[LINE_VARIABLE]
        ? [LINE_VARIABLE, env[LINE_VARIABLE]]
        : [undefined, String(DEFAULT_LINE)];
  const line = Number(value.trim().replace(/\.x$/, ''));
  if (!isN8nLine(line))
    throw new Error(
      `${source} must be ${Object.keys(N8N_LINES).join(' or ')} (the n8n line), not "${value}": e.g. --n8n 1`,
    );
  return { line, help: values.help ?? false };
}
