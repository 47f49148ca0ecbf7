import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '@social-data/n8n-harness';
import type { N8nLine } from '@social-data/n8n-harness';

/** What the suite measured on one n8n line, in the order measured, for `.reports/queue-mode-<line>.json`. */
export class Figures {
  private readonly figures: Record<string, number | string> = {};
  private readonly file: string;

  /** A report left by an earlier run must not pass for this one's if this one stops early. */
  constructor(
    private readonly line: N8nLine,
    private readonly control?: string,
  ) {
    this.file = join(REPO_ROOT, '.reports', `queue-mode-${line}${control ? `-${control}` : ''}.json`);
    rmSync(this.file, { force: true });
  }

  set(name: string, value: number | string): void {
    this.figures[name] = value;
  }

  write(): void {
    if (!Object.keys(this.figures).length) return;
    mkdirSync(join(REPO_ROOT, '.reports'), { recursive: true });
    const title = this.control
      ? `n8n ${this.line}.x queue mode, control run ${this.control} (issue 37)`
      : `n8n ${this.line}.x queue mode (issue 10)`;
    writeFileSync(this.file, `${JSON.stringify({ title, figures: this.figures }, null, 2)}\n`);
  }
}
