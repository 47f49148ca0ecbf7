import { createServer } from 'node:http';
import type { Server } from 'node:http';

import { freePort } from '@social-data/n8n-harness';

/**
 * An HTTP(S) proxy on loopback that refuses every request and keeps what it was asked, so a
 * process pointed at it through HTTPS_PROXY behaves as on a machine without internet access and
 * the test sees each host it tried to reach. n8n's outbound client honours the proxy variables.
 */
export class RefusingProxy {
  readonly asked: string[] = [];
  url = '';
  private server: Server | undefined;

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      this.asked.push(`${request.method} ${request.url}`);
      response.writeHead(403).end();
    });
    server.on('connect', (request, socket) => {
      this.asked.push(`CONNECT ${request.url}`);
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Environment that sends every request off loopback through this proxy. */
  environment(): Record<string, string> {
    return { HTTP_PROXY: this.url, HTTPS_PROXY: this.url, NO_PROXY: '127.0.0.1,localhost' };
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
