import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from './paths';

export type Figures = Record<string, number | string>;

/**
 * Leaves a suite's figures in .reports/<name>.json, which scripts/print-reports.mjs prints at
 * the end of `npm test`.
 */
export function writeReport(name: string, title: string, figures: Figures): void {
  const directory = join(REPO_ROOT, '.reports');
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, `${name}.json`), `${JSON.stringify({ title, figures }, null, 2)}\n`);
}
