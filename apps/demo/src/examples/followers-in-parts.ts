import type { Example, ExampleResult } from './example';
import { importAndExecute } from './run';
import { loadExample } from './workflows';
import type { Workflow } from './workflows';

export interface PartsResult extends ExampleResult {
  followers: number;
  unique: number;
  parts: Array<{ records: number; seconds: number; executionMb: number }>;
}

/** One run gives up after this many parts, so a cursor that never ends cannot hold the demo. */
const MAX_PARTS = 20;
const PART_NODE = 'Followers Part';

function withStartCursor(workflow: Workflow, cursor: string): Workflow {
  const node = workflow.nodes.find((candidate) => candidate.name === PART_NODE);
  if (!node) throw new Error(`${workflow.name} has no node "${PART_NODE}"`);
  node.parameters.options = { ...(node.parameters.options as object), startCursor: cursor };
  return workflow;
}

/**
 * The loop pattern for accounts too big for one Return All: each run reads one part as page
 * items (Max Pages 1,000 of 200) and ends with the next start cursor, which the next run takes.
 * Here the demo carries the cursor from run to run, as a schedule with stored state would.
 */
export const followersInParts: Example<PartsResult> = {
  file: 'followers-in-parts.json',
  title: 'A million followers in parts: page output and a start cursor per run',
  async run({ stack, progress }) {
    const ids = new Set<string>();
    const parts: PartsResult['parts'] = [];
    let followers = 0;
    let cursor = '';
    for (let part = 1; part <= MAX_PARTS; part += 1) {
      const started = Date.now();
      const execution = await importAndExecute(stack, withStartCursor(loadExample(this.file), cursor));
      for (const page of execution.items(PART_NODE))
        for (const record of page.json.records as Array<{ id: string }>) ids.add(record.id);
      const [next] = execution.items('Next Start Cursor');
      const records = Number(next?.json.records_in_part ?? 0);
      followers += records;
      parts.push({
        records,
        seconds: Math.round((Date.now() - started) / 1000),
        executionMb: Math.round(execution.result.stdout.length / 1024 / 1024),
      });
      progress.info(
        `part ${part}: ${records.toLocaleString('en-US')} followers in ${parts.at(-1)!.seconds} s`,
      );
      if (!next?.json.has_next_page) break;
      cursor = String(next.json.next_cursor);
    }
    const slowest = parts.reduce((max, part) => Math.max(max, part.seconds), 0);
    return {
      followers,
      unique: ids.size,
      parts,
      outputs: [],
      summary: [
        `${followers.toLocaleString('en-US')} followers of @followers_1m (${ids.size.toLocaleString('en-US')} unique) in ${parts.length} runs of up to 200,000`,
        `each run at most ${slowest} s and ${parts.reduce((max, part) => Math.max(max, part.executionMb), 0)} MB of execution data, where one Return All of the million is refused before reading`,
      ],
    };
  },
};
