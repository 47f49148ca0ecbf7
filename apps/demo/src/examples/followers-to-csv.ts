import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Example, ExampleResult } from './example';
import { importAndExecute } from './run';
import { loadExample, withParameter } from './workflows';
import type { Workflow } from './workflows';

export interface CsvResult extends ExampleResult {
  followers: number;
  rows: string[];
}

const FILE = 'followers-to-csv.json';

/**
 * The example with its Write File node pointed at the output folder: the file says a bare
 * "followers.csv", which n8n resolves against its working directory (the repository in `npm run dev`).
 */
export function csvWorkflow(outputDir: string): Workflow {
  return withParameter(loadExample(FILE), 'Write CSV File', 'fileName', join(outputDir, 'followers.csv'));
}

export const followersToCsv: Example<CsvResult> = {
  file: FILE,
  title: 'All followers of an account to a CSV file',
  async run({ stack, outputDir }) {
    const file = join(outputDir, 'followers.csv');
    const workflow = csvWorkflow(outputDir);
    const execution = await importAndExecute(stack, workflow);
    const followers = execution.items('Get Followers').length;
    const rows = readFileSync(file, 'utf8').trim().split('\n');
    const header = rows[0]?.split(',') ?? [];
    return {
      followers,
      rows,
      outputs: [file],
      summary: [
        `Return All read ${followers} followers of @followers_1k in ${stack.sandbox.stats.byEndpoint.getUserFollowers ?? 0} requests`,
        `${rows.length - 1} rows, ${header.length} columns (${header.slice(0, 5).join(', ')}, …) in ${file}`,
      ],
    };
  },
};
