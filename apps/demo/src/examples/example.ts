import type { Progress } from '../progress';
import type { Stack } from '../stack';

export interface ExampleContext {
  stack: Stack;
  progress: Progress;
  /** Where the example writes what a user would keep (the CSV, the Slack messages). */
  outputDir: string;
}

export interface ExampleResult {
  /** Lines for the final summary. */
  summary: string[];
  /** Files the example wrote. */
  outputs: string[];
}

/** One example workflow and how the demo runs it and reads what it produced. */
export interface Example<Result extends ExampleResult = ExampleResult> {
  file: string;
  title: string;
  run(context: ExampleContext): Promise<Result>;
}
