import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface StoredFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The one part named `file` of a multipart/form-data body, as Zapier's uploader sends it. */
function filePart(body: Buffer, contentType: string): StoredFile {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`no multipart boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString();
    if (/name="file"/.test(head))
      return {
        fileName: /filename="([^"]*)"/.exec(head)?.[1] ?? '',
        contentType: /Content-Type: (.+)/i.exec(head)?.[1]?.trim() ?? '',
        bytes: part.subarray(split + 4),
      };
    start = next;
  }
  throw new Error('no file part in the upload');
}

/**
 * Zapier's file store on loopback: the RPC that hands out an upload form, and the upload, which
 * keeps each file. `ZAPIER_BASE_ENDPOINT` points zapier-platform-core's RPC here; it is read when
 * that module loads, so a test imports the app only after `start()`.
 */
export class FileStore {
  readonly files: StoredFile[] = [];
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => this.answer(request, Buffer.concat(chunks), response));
  });
  url = '';

  private answer(request: IncomingMessage, body: Buffer, response: ServerResponse): void {
    try {
      if (request.url === '/platform/rpc/cli') {
        const { id } = JSON.parse(body.toString()) as { id: string };
        const result = { url: `${this.url}upload`, fields: { key: `stash/${this.files.length}` } };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, result }));
        return;
      }
      this.files.push(filePart(body, request.headers['content-type'] ?? ''));
      response.writeHead(204).end();
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
    }
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/`;
    process.env.ZAPIER_BASE_ENDPOINT = this.url.slice(0, -1);
    process.env.ZAPIER_DEPLOY_KEY = 'file-store-test-deploy-key';
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
