import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '@social-data/n8n-harness';

const FILE = join(REPO_ROOT, '.reports', 'queue-mode.json');

/** What the suite measured, in the order measured, for `.reports/queue-mode.json`. */
export class Figures {
  private readonly figures: Record<string, number | string> = {};

  /** A report left by an earlier run must not pass for this one's if this one stops early. */
  constructor() {
    rmSync(FILE, { force: true });
  }

  set(name: string, value: number | string): void {
    this.figures[name] = value;
  }

  write(): void {
    if (!Object.keys(this.figures).length) return;
    mkdirSync(join(REPO_ROOT, '.reports'), { recursive: true });
    writeFileSync(
      FILE,
      `${JSON.stringify({ title: 'n8n queue mode (issue 10)', figures: this.figures }, null, 2)}\n`,
    );
  }
}
