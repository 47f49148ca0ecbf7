/**
 * Plain checks rather than `expect`: the properties run 10,000 cases each, and jest's matchers
 * cost ten times what the code under test does.
 */
export function check(condition: boolean, problem: string): void {
  if (!condition) throw new Error(problem);
}

export const PROPERTY_RUNS = { numRuns: 10_000 };
