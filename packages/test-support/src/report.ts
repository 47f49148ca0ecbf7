import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const REPORTS = join(__dirname, '..', '..', '..', '.reports');

/**
 * Leaves a suite's figures in `.reports/<name>.json`, which the end of `npm test` prints
 * (scripts/print-reports.mjs), so CI's log shows what was tried without digging through jest's.
 */
export function reportFigures(name: string, title: string, figures: Record<string, number | string>): void {
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, `${name}.json`), `${JSON.stringify({ title, figures }, null, 2)}\n`);
}
