import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Issue 26 finding 1: `output.push(...records)` overflowed the stack past ~130,000 records. The
 * repository's lint rule must fail on such a spread wherever shipped code lives; this plants one
 * in each place and lints it as ESLint would lint the file there.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');

function lint(cwd: string, file: string, code: string): { code: number | null; output: string } {
  const result = spawnSync(process.execPath, [ESLINT, '--stdin', '--stdin-filename', file], {
    cwd: join(ROOT, cwd),
    input: code,
    encoding: 'utf8',
  });
  return { code: result.status, output: result.stdout + result.stderr };
}

const planted = {
  push: 'export function f(out: number[], all: number[]) {\n  out.push(...all);\n}\n',
  max: 'export const f = (all: number[]) => Math.max(...all);\n',
  apply: 'export const f = (out: number[], all: number[]) => Array.prototype.push.apply(out, all);\n',
  construct: 'export const f = (all: number[]) => new Set(...[all]);\n',
};
const clean =
  'export function f(out: number[], all: number[]) {\n  for (const x of all) out.push(x);\n  return [...all];\n}\n';

describe('the unbounded-spread lint rule', () => {
  it.each([
    ['.', 'packages/core/src/planted.ts'],
    ['.', 'apps/zapier/src/planted.ts'],
    ['.', 'apps/sandbox/src/world/planted.ts'],
    ['packages/n8n-nodes-social-data', 'nodes/SocialData/actions/planted.ts'],
  ])(
    'fails on every planted spread in %s/%s',
    (cwd, file) => {
      for (const [kind, code] of Object.entries(planted)) {
        const result = lint(cwd, file, code);
        expect({ kind, code: result.code }).toEqual({ kind, code: 1 });
        expect(result.output).toMatch(/no-restricted-syntax/);
      }
    },
    120_000,
  );

  it('passes a loop and an array spread, which hold no call arguments', () => {
    const result = lint('.', 'packages/core/src/planted.ts', clean);
    expect(result).toEqual({ code: 0, output: '' });
  }, 60_000);
});
