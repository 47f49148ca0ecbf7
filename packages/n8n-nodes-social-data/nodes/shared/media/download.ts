import { downloadMedia } from '@social-data/core/media';
import type { Redact } from '@social-data/core';
import type { MediaFile, MediaTarget, MediaTransport } from '@social-data/core/media';
import { sleep } from 'n8n-workflow';
import type { IBinaryData } from 'n8n-workflow';

import type { NodeContext } from '../transport/n8nTransport';
import { binaryBody, streamClassOf } from '../transport/stream-class';
import type { StreamClass } from '../transport/stream-class';
import { n8nMediaTransport } from './transport';

export interface DownloadSettings {
  maxBytes: number | undefined;
  redact: Redact;
  signal: AbortSignal | undefined;
}

/**
 * Downloads one media item into n8n's binary data store, streamed: in filesystem, database or
 * S3 mode the file never sits whole in memory, and in queue mode a worker stores it where the
 * main process reads it. The stream passes core's size cap and type check on its way.
 */
export function binaryDownloader(
  context: NodeContext,
  settings: DownloadSettings,
): (target: MediaTarget) => Promise<IBinaryData> {
  let streamClass: StreamClass | undefined;
  const plain = n8nMediaTransport(context);
  const transport: MediaTransport = async (request) => {
    const response = await plain(request);
    streamClass ??= streamClassOf(response.body);
    return response;
  };
  const store = async (file: MediaFile) =>
    context.helpers.prepareBinaryData(await binaryBody(file.body, streamClass), file.fileName, file.mimeType);
  return async (target) =>
    downloadMedia(target, store, {
      transport,
      sleep,
      maxBytes: settings.maxBytes,
      redact: settings.redact,
      signal: settings.signal,
    });
}
