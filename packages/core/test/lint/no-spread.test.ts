import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Issue 26 finding 1: `output.push(...records)` overflowed the stack past ~130,000 records. The
 * repository's lint rule must fail on such a spread wherever shipped code lives; this plants one
 * in each place and lints it as ESLint would lint the file there.
 */
const ROOT = join(__dirname, '..', '..', '..', '..');

type Message = { ruleId: string | null; severity: number; message: string };
interface Text {
  cwd: string;
  file: string;
  code: string;
}

/** Lints every text in one process (`lint-texts.mjs`), as ESLint would lint each file in its folder. */
function lintAll(texts: Text[]): Message[][] {
  const result = spawnSync(process.execPath, [join(__dirname, 'lint-texts.mjs')], {
    input: JSON.stringify(texts.map((text) => ({ ...text, cwd: join(ROOT, text.cwd) }))),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`linting failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as Message[][];
}

const planted = {
  push: 'export function f(out: number[], all: number[]) {\n  out.push(...all);\n}\n',
  max: 'export const f = (all: number[]) => Math.max(...all);\n',
  apply: 'export const f = (out: number[], all: number[]) => Array.prototype.push.apply(out, all);\n',
  construct: 'export const f = (all: number[]) => new Set(...[all]);\n',
};
const clean =
  'export function f(out: number[], all: number[]) {\n  for (const x of all) out.push(x);\n  return [...all];\n}\n';

const PLACES: Array<[string, string]> = [
  ['.', 'packages/core/src/planted.ts'],
  ['.', 'apps/zapier/src/planted.ts'],
  ['.', 'apps/sandbox/src/world/planted.ts'],
  ['packages/n8n-nodes-social-data', 'nodes/SocialData/actions/planted.ts'],
];
const CLEAN: Text = { cwd: '.', file: 'packages/core/src/planted.ts', code: clean };
const texts: Text[] = [
  ...PLACES.flatMap(([cwd, file]) => Object.values(planted).map((code) => ({ cwd, file, code }))),
  CLEAN,
];

describe('the unbounded-spread lint rule', () => {
  const messages = new Map<Text, Message[]>();

  beforeAll(() => {
    lintAll(texts).forEach((found, index) => messages.set(texts[index]!, found));
  }, 300_000);

  it.each(PLACES)('fails on every planted spread in %s/%s', (cwd, file) => {
    for (const [kind, code] of Object.entries(planted)) {
      const text = texts.find((each) => each.cwd === cwd && each.file === file && each.code === code)!;
      const errors = messages.get(text)!.filter((message) => message.severity === 2);
      expect({ kind, rules: errors.map((error) => error.ruleId) }).toEqual({
        kind,
        rules: expect.arrayContaining(['no-restricted-syntax']),
      });
    }
  });

  it('passes a loop and an array spread, which hold no call arguments', () => {
    expect(messages.get(CLEAN)).toEqual([]);
  });
});
