import { reportFigures } from './report';

/**
 * The figures one surface measured for issue 38's cases (every step ends, fits its limits),
 * left in `.reports/every-step-ends-<surface>.json`, which the end of `npm test` prints beside
 * the reliability suite's rows.
 */
export class CaseFigures {
  private readonly figures: Record<string, number | string> = {};

  constructor(private readonly surface: string) {}

  set(name: string, value: number | string): void {
    this.figures[name] = value;
  }

  write(): void {
    reportFigures(
      `every-step-ends-${this.surface.toLowerCase().replace(/\W+/g, '-')}`,
      `Every step ends (issue 38): ${this.surface}`,
      this.figures,
    );
  }
}
