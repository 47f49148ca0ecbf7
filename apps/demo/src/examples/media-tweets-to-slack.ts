import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSlackFileReceiver } from '../receiver';
import type { SlackUpload } from '../receiver';
import type { Example, ExampleResult } from './example';
import { importAndExecute } from './run';
import { loadExample, withParameter } from './workflows';

export interface MediaUploadResult extends ExampleResult {
  tweetId: string;
  uploads: SlackUpload[];
  /** Per upload, whether its bytes are what the media host serves at the item's URL. */
  matches: boolean[];
  /** Requests the media host received that carried the API key or a cookie. */
  mediaRequestsWithSecrets: number;
}

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

export const mediaTweetsToSlack: Example<MediaUploadResult> = {
  file: 'media-tweets-to-slack.json',
  title: 'Media tweets of an account to Slack as file uploads (the trigger with Download Media)',
  async run({ stack, progress, outputDir }) {
    const { sandbox } = stack;
    const receiver = await startSlackFileReceiver();
    try {
      const workflow = withParameter(loadExample(this.file), 'Upload to Slack', 'url', receiver.url);
      sandbox.stats.reset();
      // A manual run is the trigger's Fetch Test Event: the newest media tweet, one item per file.
      const execution = await importAndExecute(stack, workflow);
      const seen = sandbox.stats.mediaRequests.filter(
        (request) => 'x-api-key' in request.headers || 'cookie' in request.headers,
      ).length;
      const files = execution.items('New Media Tweet');
      const tweetId = String(files[0]?.json.id ?? '');
      progress.info(`the trigger emitted ${files.length} files of tweet ${tweetId}`);
      const matches = await Promise.all(
        files.map(async (file) => {
          const served = sha256(await (await fetch(String(file.json.media_url))).arrayBuffer());
          const name = (file.binary?.data as { fileName?: string } | undefined)?.fileName;
          return receiver.uploads.find((upload) => upload.filename === name)?.sha256 === served;
        }),
      );
      const manifest = join(outputDir, 'slack-uploads.json');
      writeFileSync(manifest, `${JSON.stringify(receiver.uploads, null, 2)}\n`);
      return {
        tweetId,
        uploads: [...receiver.uploads],
        matches,
        mediaRequestsWithSecrets: seen,
        outputs: [manifest],
        summary: [
          `newest media tweet ${tweetId} → ${files.length} files → ${receiver.uploads.length} Slack uploads, ${matches.filter(Boolean).length} byte for byte what the media host serves`,
          `files: ${receiver.uploads.map((upload) => `${upload.filename} (${upload.mimeType}, ${upload.size} bytes)`).join(', ')}`,
          `media host requests carrying the API key or a cookie: ${seen}`,
        ],
      };
    } finally {
      await receiver.close();
    }
  },
};
