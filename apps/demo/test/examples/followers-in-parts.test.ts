import { followersInParts } from '../../src/examples';
import type { ExampleContext } from '../../src/examples';
import { writeReport } from '@social-data/n8n-harness';

import { DEFAULT_LINE } from '../../src/options';
import { exampleStack } from '../support/example-stack';

/**
 * The longest example, in a file of its own with its own stack, so it runs beside the other
 * examples and the editor's browser tests instead of before them.
 */
describe(`the million-follower example, run as npm run demo runs it (n8n ${DEFAULT_LINE}.x)`, () => {
  const stack = exampleStack();
  let context: ExampleContext;

  beforeAll(async () => {
    await stack.start();
    context = stack.context();
  }, 600_000);

  afterAll(() => stack.close());

  it('reads all 1,000,000 followers of @followers_1m in parts of 200,000, each once', async () => {
    const result = await followersInParts.run(context);
    expect(result.followers).toBe(1_000_000);
    expect(result.unique).toBe(1_000_000);
    // The fifth part ends on the API's last cursor ("0|…", decision S3); the run that follows it
    // reads the empty page that ends the feed.
    expect(result.parts.map((part) => part.records)).toEqual([
      200_000, 200_000, 200_000, 200_000, 200_000, 0,
    ]);
    writeReport(
      'demo-followers-in-parts',
      `A million followers in parts of 200,000 (n8n ${context.stack.n8n.runtime.version})`,
      {
        runs: result.parts.length,
        'followers read': result.followers,
        'unique followers': result.unique,
        'slowest run (s)': result.parts.reduce((max, part) => Math.max(max, part.seconds), 0),
        'largest execution data (MB)': result.parts.reduce((max, part) => Math.max(max, part.executionMb), 0),
      },
    );
  }, 1_800_000);
});
