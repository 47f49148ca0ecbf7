import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  chainLookups,
  createList,
  followersToCsv,
  listTweetsToSlack,
  mediaTweetsToSlack,
} from '../../src/examples';
import type { ExampleContext } from '../../src/examples';
import { writeReport } from '@social-data/n8n-harness';

import { DEFAULT_LINE } from '../../src/options';
import { exampleStack } from '../support/example-stack';

/** A CSV line's first column (the id), for lines without quoted commas before it. */
const firstColumn = (line: string) => line.replace(/^\uFEFF/, '').split(',')[0];

/**
 * On the demo's default line, n8n 2.x; the editor's browser test runs on 1.x, so both lines stay
 * in this package's tests (docs/decisions.md, E1).
 */
describe(`the example workflows, run as npm run demo runs them (n8n ${DEFAULT_LINE}.x)`, () => {
  const stack = exampleStack();
  let context: ExampleContext;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    await stack.start();
    context = stack.context();
  }, 600_000);

  afterAll(() => stack.close());

  it('writes every follower of @followers_1k to a CSV file once, with simplified columns', async () => {
    const result = await followersToCsv.run(context);
    expect(result.followers).toBe(1000);
    const [header, ...rows] = readFileSync(join(context.outputDir, 'followers.csv'), 'utf8')
      .trim()
      .split('\n');
    expect(header?.split(',')).toEqual(
      expect.arrayContaining(['id', 'userName', 'followers', 'profile_url']),
    );
    expect(new Set(rows.map(firstColumn)).size).toBe(1000);
  });

  it('chains a profile, the followers you know and one batch lookup of exactly those accounts', async () => {
    const result = await chainLookups.run(context);
    expect(result.profile).toBe('social_data');
    expect(result.known.length).toBeGreaterThan(0);
    expect([...result.looked].sort()).toEqual([...result.known].sort());
    expect(result.batchRequests).toBe(Math.ceil(result.known.length / 100));
  });

  it('creates one list with one request', async () => {
    const result = await createList.run(context);
    expect(result.listId).toMatch(/^\d+$/);
    expect(result.createRequests).toBe(1);
  });

  it('posts each new list tweet to the Slack webhook exactly once, from the active trigger', async () => {
    const result = await listTweetsToSlack.run(context);
    expect(result.messages).toHaveLength(result.posted.length);
    for (const id of result.posted)
      expect(result.messages.filter((message) => message.text.includes(`/status/${id}|`))).toHaveLength(1);
    expect(result.executions).toBeGreaterThanOrEqual(1);
  });

  it('uploads each file of each new media tweet to Slack once, byte for byte, the media host seeing no secret', async () => {
    const result = await mediaTweetsToSlack.run(context);
    expect([...new Set(result.files.map((file) => file.id))].sort()).toEqual([...result.posted].sort());
    expect(result.uploads).toHaveLength(result.files.length);
    expect(result.matches).toEqual(result.files.map(() => true));
    for (const upload of result.uploads) {
      expect(upload.filename).toMatch(/^\d+-\d+\.(png|gif|mp4)$/);
      expect(upload.partName).toBe(upload.filename);
      expect(upload.channels).toBe('#social');
    }
    expect(result.mediaRequestsWithSecrets).toBe(0);
    writeReport(
      'demo',
      `The example workflows as npm run demo runs them (n8n ${context.stack.n8n.runtime.version})`,
      {
        'wall time, n8n start to the last example (s)': Math.round((Date.now() - started) / 1000),
      },
    );
  });
});
