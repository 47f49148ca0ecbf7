import { createHash } from 'node:crypto';

import { communityId } from '@social-data/sandbox';
import type { SandboxControl, Sandbox } from '@social-data/sandbox';
import { NodeHelpers } from 'n8n-workflow';
import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { SocialDataTrigger } from '../../../nodes/SocialDataTrigger/SocialDataTrigger.node';
import { SECRETS } from '../../support/api';
import { pollContext, sandboxForPolls } from '../../support/poll-context';

const trigger = new SocialDataTrigger();
const COMMUNITY = communityId(0);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let sandbox: Sandbox;
let control: SandboxControl;
let credentials: Parameters<typeof pollContext>[1];

beforeAll(async () => {
  ({ sandbox, control, credentials } = await sandboxForPolls());
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await control.clearFaults();
  sandbox.stats.reset();
});

interface Shown {
  items: INodeExecutionData[];
  harness: ReturnType<typeof pollContext>;
}

/** "Fetch Test Event" of New Media Post in a Community, with the given options. */
async function fetchTestEvent(options: object): Promise<Shown> {
  const harness = pollContext(
    { event: 'newCommunityMedia', community_id: { __rl: true, mode: 'id', value: COMMUNITY }, options },
    credentials,
    { mode: 'manual' },
  );
  const output = await trigger.poll.call(harness.context);
  return { items: output?.[0] ?? [], harness };
}

/** The bytes the media host served for a URL, fetched again without any header. */
async function served(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(url)).arrayBuffer());
}

describe('Download Media in the Social Data Trigger', () => {
  it('attaches the newest media post’s files, byte for byte, and the media host sees no secret', async () => {
    const { items, harness } = await fetchTestEvent({ downloadMedia: true });
    expect(items).toHaveLength(1);
    const [item] = items as [INodeExecutionData];
    const media = item.json.media as { type: string; url: string }[];
    expect(media.length).toBeGreaterThan(0);
    expect(Object.keys(item.binary ?? {})).toEqual(media.map((_, index) => `media_${index}`));
    const seen = JSON.stringify(sandbox.stats.mediaRequests);
    for (const [index, { url }] of media.entries()) {
      const file = item.binary?.[`media_${index}`];
      expect(file?.fileName).toMatch(new RegExp(`^${String(item.json.id)}-${index}\\.(png|gif|mp4)$`));
      expect(sha256(Buffer.from(file?.data ?? '', 'base64'))).toBe(sha256(await served(url)));
    }
    expect(sandbox.stats.mediaRequests.length).toBeGreaterThanOrEqual(media.length);
    for (const secret of SECRETS) expect(seen).not.toContain(secret);
    for (const request of harness.plainRequests)
      expect(Object.keys(request.headers)).toEqual(['Accept', 'Accept-Encoding']);
  });

  it('one item per file, each in "data" with its index and type', async () => {
    const { items } = await fetchTestEvent({ downloadMedia: true, mediaOutput: 'file', simplify: true });
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((item) => item.json.media_index)).toEqual(items.map((_, index) => index));
    for (const item of items) {
      expect(Object.keys(item.binary ?? {})).toEqual(['data']);
      expect(item.binary?.data?.mimeType).toMatch(/^(image\/(png|gif)|video\/mp4)$/);
    }
  });

  it('a file the media host refuses is named on the tweet, which still arrives, with a warning', async () => {
    await control.fault({ endpoint: 'media', fault: 'not-found' });
    const { items, harness } = await fetchTestEvent({ downloadMedia: true });
    expect(items).toHaveLength(1);
    const errors = items[0]?.json.media_errors as { index: number; message: string }[];
    expect(errors[0]).toEqual({
      index: 0,
      message: expect.stringMatching(
        new RegExp(
          `^Could not download media 0 of tweet ${String(items[0]?.json.id)}: .* answered HTTP 404\\.$`,
        ),
      ),
    });
    expect(items[0]?.binary).toBeUndefined();
    expect(harness.warnings[0]).toContain(`media 0 of tweet ${String(items[0]?.json.id)}`);
  });
});

describe('Download Media in the trigger panel', () => {
  const { description } = trigger;
  const options = description.properties.find((property) => property.name === 'options')!;
  const download = (options.options as INodeProperties[]).find((option) => option.name === 'downloadMedia')!;
  const shownFor = (event: string) =>
    NodeHelpers.displayParameter({}, download, { typeVersion: 1 }, description, { event });

  it('is offered for the events whose tweets carry media only', () => {
    expect(['newTweet', 'newMediaTweet', 'newCommunityMedia', 'newListTweet'].map(shownFor)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['newFollower', 'newBookmark', 'newForYouTweet', 'newMutedAccount'].map(shownFor)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
