import { DEFAULT_MAX_MEDIA_BYTES } from '@social-data/core/media';
import type { INodeProperties } from 'n8n-workflow';

/** What the media options hold, as the Options collection stores them. */
export interface MediaOptions {
  downloadMedia?: boolean;
  mediaOutput?: 'tweet' | 'file';
  maxMediaSize?: number;
}

const MB = 1024 * 1024;
const DEFAULT_MAX_MB = DEFAULT_MAX_MEDIA_BYTES / MB;

// Agents cannot use binary data, so the options are hidden when the node runs as a tool.
const notAsTool = { hide: { '@tool': [true] } };
const whenDownloading = { show: { downloadMedia: [true] }, hide: { '@tool': [true] } };

export const mediaOptions: INodeProperties[] = [
  {
    displayName: 'Download Media',
    name: 'downloadMedia',
    type: 'boolean',
    default: false,
    displayOptions: notAsTool,
    description:
      'Whether to attach the photos, videos and GIFs of each tweet as binary data (media_0, media_1, …). The files come straight from the media host, which is never sent the API key, cookie or proxy.',
  },
  {
    displayName: 'Media Output',
    name: 'mediaOutput',
    type: 'options',
    displayOptions: whenDownloading,
    options: [
      {
        name: 'One Item per Tweet',
        value: 'tweet',
        description: 'Each tweet keeps its files together as media_0, media_1, …',
      },
      {
        name: 'One Item per Media File',
        value: 'file',
        description:
          'Each file becomes an item of its own, in the binary property "data" that Slack, Google Drive and Dropbox read by default, with the tweet and media_index, media_type and media_url. Tweets without media give no item.',
      },
    ],
    default: 'tweet',
  },
  {
    displayName: 'Max Media Size (MB)',
    name: 'maxMediaSize',
    type: 'number',
    typeOptions: { minValue: 1, numberPrecision: 0 },
    displayOptions: whenDownloading,
    default: DEFAULT_MAX_MB,
    description:
      'A larger file stops with an error naming the tweet, before it is read. Photos stay under 5 MB and GIFs under 15 MB; raise it for long videos.',
  },
];

/** The byte cap the panel's megabytes stand for. */
export function maxBytesOf(options: MediaOptions): number | undefined {
  return options.maxMediaSize === undefined ? undefined : options.maxMediaSize * MB;
}
