import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';

export interface SlackMessage {
  text: string;
}

/**
 * Stands in for a Slack incoming webhook on loopback: takes `{ text }` as JSON and answers
 * `ok` as Slack does, keeping every message it got.
 */
export async function startSlackReceiver(): Promise<{
  url: string;
  messages: SlackMessage[];
  close(): Promise<void>;
}> {
  const messages: SlackMessage[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      try {
        const message = JSON.parse(body) as SlackMessage;
        if (typeof message.text !== 'string' || !message.text) throw new Error('no text');
        messages.push(message);
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      } catch {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/services/demo`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface SlackUpload {
  filename: string;
  channels: string;
  initialComment: string;
  /** The file part's own name and type, as the multipart form carried them. */
  partName: string;
  mimeType: string;
  size: number;
  sha256: string;
}

/**
 * Stands in for Slack's `files.upload` on loopback: takes a multipart form with a `file` part
 * (and `filename`, `channels`, `initial_comment`), keeps what arrived with the file's hash, and
 * answers as Slack does, `{ ok: true, file }`, or `{ ok: false, error: 'no_file_data' }`. The form
 * is parsed by Node's own Fetch API.
 */
export async function startSlackFileReceiver(): Promise<{
  url: string;
  uploads: SlackUpload[];
  close(): Promise<void>;
}> {
  const uploads: SlackUpload[] = [];
  const answer = (response: ServerResponse, body: object) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = { 'content-type': request.headers['content-type'] ?? '' };
      new Response(Buffer.concat(chunks), { headers })
        .formData()
        .then(async (form) => {
          const file = form.get('file');
          if (!(file instanceof Blob)) return answer(response, { ok: false, error: 'no_file_data' });
          const bytes = Buffer.from(await file.arrayBuffer());
          const upload: SlackUpload = {
            filename: String(form.get('filename') ?? ''),
            channels: String(form.get('channels') ?? ''),
            initialComment: String(form.get('initial_comment') ?? ''),
            partName: file instanceof File ? file.name : '',
            mimeType: file.type,
            size: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
          };
          uploads.push(upload);
          return answer(response, { ok: true, file: { id: `F${uploads.length}`, name: upload.filename } });
        })
        .catch(() => answer(response, { ok: false, error: 'invalid_form_data' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/api/files.upload`,
    uploads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
