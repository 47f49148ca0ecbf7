import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface StoredFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** The part named `file` of Zapier's upload form, parsed by Node's own Fetch API. */
async function filePart(body: Buffer, contentType: string): Promise<StoredFile> {
  const file = (await new Response(body, { headers: { 'content-type': contentType } }).formData()).get(
    'file',
  );
  if (!(file instanceof File)) throw new Error('no file part in the upload');
  return { fileName: file.name, contentType: file.type, bytes: Buffer.from(await file.arrayBuffer()) };
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
    request.on('end', () => void this.answer(request, Buffer.concat(chunks), response));
  });
  url = '';

  private async answer(request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<void> {
    try {
      if (request.url === '/platform/rpc/cli') {
        const { id } = JSON.parse(body.toString()) as { id: string };
        const result = { url: `${this.url}upload`, fields: { key: `stash/${this.files.length}` } };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, result }));
        return;
      }
      this.files.push(await filePart(body, request.headers['content-type'] ?? ''));
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
    // Jest runs other test files in this process after this one.
    delete process.env.ZAPIER_BASE_ENDPOINT;
    delete process.env.ZAPIER_DEPLOY_KEY;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
