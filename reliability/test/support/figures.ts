import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export type Figures = Record<string, number | string>;

const REPORTS = join(__dirname, '..', '..', '..', '.reports');
/** One file of figures per test file: jest runs the files in separate workers. */
const PARTIALS = join(REPORTS, 'reliability');
const REPORT = join(REPORTS, 'reliability.json');
const TITLE = 'Reliability and security (issue 9)';

/** The order figures are printed in; figures not named here follow. */
const ORDER = [
  'faults tried',
  'result shapes',
  'fault runs',
  'longest fault run (ms)',
  'inputs tried',
  'requests made',
  'items checked',
  'createList calls under faults',
  'createList sent twice after a timeout, 5xx or reset',
  'texts scanned for secrets',
  'secrets found',
];

/** Leaves a test file's figures for the merge at the end of the run. */
export function recordFigures(testFile: string, figures: Figures): void {
  mkdirSync(PARTIALS, { recursive: true });
  writeFileSync(join(PARTIALS, `${basename(testFile, '.test.ts')}.json`), JSON.stringify(figures));
}

/** Drops the figures of an earlier run, so the report holds only what this run measured. */
export function clearFigures(): void {
  rmSync(PARTIALS, { recursive: true, force: true });
}

/** Sums figures of the same name across files into `.reports/reliability.json`. */
export function mergeFigures(): void {
  if (!existsSync(PARTIALS)) return;
  const merged: Figures = {};
  for (const file of readdirSync(PARTIALS).sort()) {
    const figures = JSON.parse(readFileSync(join(PARTIALS, file), 'utf8')) as Figures;
    for (const [name, value] of Object.entries(figures)) {
      const earlier = merged[name];
      merged[name] =
        earlier === undefined
          ? value
          : typeof earlier === 'number' && typeof value === 'number'
            ? earlier + value
            : `${earlier}; ${value}`;
    }
  }
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  const names = Object.keys(merged).sort((a, b) => rank(a) - rank(b));
  const figures = Object.fromEntries(names.map((name) => [name, merged[name]!]));
  writeFileSync(REPORT, `${JSON.stringify({ title: TITLE, figures }, null, 2)}\n`);
}
