import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Recorder {
  url: string;
  /** Every request that reached it, whole: what an attacker's server would see. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The most of one body it keeps; a request's secrets are in its first bytes. */
const KEPT_BODY = 64 * 1024;

/**
 * An attacker's server for redirect tests: another origin (127.0.0.2 by default) that records
 * every request and answers any of them with what would pass for a user or a created list.
 */
export async function startRecorder(options: { host?: string; port?: number } = {}): Promise<Recorder> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      if (body.length < KEPT_BODY) body += chunk;
    });
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ status: 'success', msg: 'success', data: { id: '1', userName: 'x', list_id: '1' } }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.2', resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
