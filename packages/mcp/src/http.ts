import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

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

const NOT_ALLOWED = {
  jsonrpc: '2.0',
  error: { code: -32000, message: 'Method not allowed: this server is stateless; POST JSON-RPC to /mcp.' },
  id: null,
};

/**
 * Streamable HTTP, stateless: each POST gets a server and transport of its own, so no session
 * state lives between calls (a cursor carries all a continued read needs). The SDK's app checks
 * the Host header on loopback, against DNS rebinding.
 */
export async function startHttp(createServer: () => Server, options: HttpOptions): Promise<RunningHttp> {
  const app = createMcpExpressApp({ host: options.host });
  app.post('/mcp', async (request, response) => {
    const server = createServer();
    const transport = new StreamableHTTPServerTransport({});
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request, response, request.body);
    } catch (error) {
      options.log(`request failed: ${error instanceof Error ? error.name : 'unknown error'}`);
      if (!response.headersSent)
        response
          .status(500)
          .json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    }
  });
  app.get('/mcp', (_request, response) => response.status(405).set('Allow', 'POST').json(NOT_ALLOWED));
  app.delete('/mcp', (_request, response) => response.status(405).set('Allow', 'POST').json(NOT_ALLOWED));

  const listener: HttpServer = await new Promise((resolve, reject) => {
    const started = app.listen(options.port, options.host, (error?: Error) =>
      error ? reject(error) : resolve(started),
    );
  });
  const { port } = listener.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/mcp`,
    close: () =>
      new Promise((resolve, reject) => {
        listener.closeAllConnections();
        listener.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
