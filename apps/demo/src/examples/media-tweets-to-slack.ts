import { SandboxControl } from '@social-data/sandbox';
import { until } from '@social-data/test-support';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startSlackFileReceiver } from '../receiver';
import type { SlackUpload } from '../receiver';
import { POLL_WAIT_MS, startActive } from './active';
import type { Example, ExampleResult } from './example';
import { loadExample, withParameter } from './workflows';

const NEW_TWEETS = 2;

export interface MediaUploadResult extends ExampleResult {
  posted: string[];
  /** The trigger's items: one per file, with the tweet it belongs to. */
  files: Array<{ id: string; media_index: number; media_url: string }>;
  uploads: SlackUpload[];
  /** Per file, whether Slack got exactly the bytes the media host serves at its URL. */
  matches: boolean[];
  /** Requests the media host received that carried the API key or a cookie. */
  mediaRequestsWithSecrets: number;
}

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

export const mediaTweetsToSlack: Example<MediaUploadResult> = {
  file: 'media-tweets-to-slack.json',
  title: 'New media tweets of an account to Slack as file uploads (the trigger with Download Media)',
  async run({ stack, progress, outputDir }) {
    const { sandbox, n8n } = stack;
    const receiver = await startSlackFileReceiver();
    try {
      const workflow = withParameter(loadExample(this.file), 'Upload to Slack', 'url', receiver.url);
      await startActive(stack, progress, workflow, 'getUserMedia', 'the media tweets');
      sandbox.stats.reset();
      const control = new SandboxControl(sandbox.url);
      const posted = await control.tweet('social_data', NEW_TWEETS, { feed: 'media', text: 'New photos' });
      progress.info(`@social_data posted ${NEW_TWEETS} tweets with media`);
      const uploadedFor = (id: string) =>
        receiver.uploads.some((upload) => upload.filename.startsWith(`${id}-`));
      await progress.long('waiting for the next poll (n8n polls every minute)', () =>
        until('an upload for each new tweet', () => posted.every(uploadedFor), POLL_WAIT_MS),
      );
      await n8n.stop();
      const files = n8n
        .executions(workflow.id)
        .filter((execution) => execution.status === 'success')
        .flatMap((execution) => execution.nodes['New Media Tweet'] ?? [])
        .map((json) => json as MediaUploadResult['files'][number]);
      const matches = await Promise.all(
        files.map(async (file) => {
          const served = sha256(await (await fetch(file.media_url)).arrayBuffer());
          const prefix = `${file.id}-${file.media_index}.`;
          return receiver.uploads.find((upload) => upload.filename.startsWith(prefix))?.sha256 === served;
        }),
      );
      const seen = sandbox.stats.mediaRequests.filter(
        (request) => 'x-api-key' in request.headers || 'cookie' in request.headers,
      ).length;
      const manifest = join(outputDir, 'slack-uploads.json');
      writeFileSync(manifest, `${JSON.stringify(receiver.uploads, null, 2)}\n`);
      return {
        posted,
        files,
        uploads: [...receiver.uploads],
        matches,
        mediaRequestsWithSecrets: seen,
        outputs: [manifest],
        summary: [
          `${NEW_TWEETS} new media tweets → ${files.length} files → ${receiver.uploads.length} Slack uploads, ${matches.filter(Boolean).length} byte for byte what the media host serves`,
          `files: ${receiver.uploads.map((upload) => `${upload.filename} (${upload.mimeType}, ${upload.size} bytes)`).join(', ')}`,
          `media host requests carrying the API key or a cookie: ${seen}`,
        ],
      };
    } finally {
      await receiver.close();
    }
  },
};
