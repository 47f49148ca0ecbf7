import { createServer } from 'node:http';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMcpHandler,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import type { Server } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { isLoopbackHost } from '@social-data/core';

export interface HttpOptions {
  /** 127.0.0.1 unless told otherwise: the server spends the key of whoever reaches it. */
  host: string;
  /** 0 picks a free port. */
  port: number;
  log: (line: string) => void;
}

export interface RunningHttp {
  /** The endpoint an MCP client is given, e.g. http://127.0.0.1:3333/mcp. */
  url: string;
  close(): Promise<void>;
}

const PATH = '/mcp';

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Streamable HTTP through the SDK v2's handler (`createMcpHandler`): a server of its own for each
 * request, the 2026-07-28 revision and the 2025 ones (served statelessly: no session lives
 * between calls, a cursor carries all a continued read needs; their GET and DELETE are answered
 * 405). On loopback the Host and Origin headers must be local, against DNS rebinding: the handler
 * itself checks neither.
 */
export async function startHttp(createMcpServer: () => Server, options: HttpOptions): Promise<RunningHttp> {
  const handle = toNodeHandler(
    createMcpHandler(() => createMcpServer(), {
      onerror: (error) => options.log(`request failed: ${error.name}`),
    }),
    { onerror: (error) => options.log(`request failed: ${error.name}`) },
  );
  const local = isLoopbackHost(options.host);
  const listener: HttpServer = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== PATH)
      return refuse(response, 404, `Not found: the MCP endpoint is ${PATH}.`);
    if (local) {
      if (!validateHostHeader(request.headers.host, localhostAllowedHostnames()).ok)
        return refuse(response, 403, 'Forbidden: this server answers local hosts only.');
      if (!validateOriginHeader(request.headers.origin, localhostAllowedOrigins()).ok)
        return refuse(response, 403, 'Forbidden: this server answers local origins only.');
    }
    // Node's message types its method as optional, which the adapter's duck type does not allow.
    void handle(request as Parameters<typeof handle>[0], response);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, options.host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  const { port } = listener.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${PATH}`,
    close: () =>
      new Promise((resolve, reject) => {
        listener.closeAllConnections();
        listener.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
