import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendFault } from '../http/fault-replies';
import type { Fault, Faults } from '../http/faults';
import type { Stats } from '../http/stats';
import { mediaFile } from './files';
import type { MediaFile } from './files';
import { MAX_BYTES, parseMediaPath } from './paths';

/** The endpoint name media faults are staged for: `{fault: 'reset', endpoint: 'media'}`. */
export const MEDIA_ENDPOINT = 'media';

function streamed(file: MediaFile, upTo = file.size): Readable {
  return Readable.from(
    (function* () {
      let left = upTo;
      for (const chunk of file.chunks()) {
        if (left <= 0) return;
        yield chunk.length > left ? chunk.subarray(0, left) : chunk;
        left -= chunk.length;
      }
    })(),
  );
}

/**
 * Media faults that differ from the API's: a 404 and a redirect to the same file (so a rule with
 * `times` is a redirect a client follows, and one without is a loop it must stop), a body cut
 * off under a Content-Length that promised all of it, a Content-Length of half the file with the
 * whole file sent, and a body with no length that never ends. The rest answer as the API does.
 */
function sendMediaFault(
  fault: Fault,
  reply: FastifyReply,
  request: FastifyRequest,
  file: MediaFile,
  stats: Stats,
): boolean {
  switch (fault.fault) {
    case 'redirect-same-origin':
      reply.code(fault.status).header('location', request.url).send();
      return true;
    case 'truncated':
    case 'lying-length': {
      reply.hijack();
      const socket = request.raw.socket;
      const announced = fault.fault === 'truncated' ? file.size : Math.floor(file.size / 2);
      socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: ${file.contentType}\r\ncontent-length: ${announced}\r\nconnection: close\r\n\r\n`,
      );
      const body = streamed(file, fault.fault === 'truncated' ? Math.floor(file.size / 2) : file.size);
      body.on('end', () => (fault.fault === 'truncated' ? socket.destroy() : socket.end()));
      socket.on('close', () => body.destroy());
      socket.on('error', () => body.destroy());
      body.pipe(socket, { end: false });
      return true;
    }
    case 'endless-body':
      reply
        .code(200)
        .type(file.contentType)
        .send(streamed({ ...file, chunks: () => endless(file) }, fault.bytes));
      return true;
    case 'gzip-bomb':
    case 'error-200':
    case 'repeat-cursor':
    case 'empty-page':
    case 'fresh-cursor-repeat':
    case 'blank-cursor':
    case 'empty-list':
      return false;
    default:
      return sendFault(fault, reply, request, stats);
  }
}

function* endless(file: MediaFile): Generator<Buffer> {
  for (;;) yield* file.chunks();
}

function requestedBytes(query: unknown): number | undefined {
  const text = (query as Record<string, unknown>).bytes;
  if (typeof text !== 'string' || !/^\d{1,10}$/.test(text)) return undefined;
  return Math.min(Number(text), MAX_BYTES);
}

/**
 * The media host: a second origin beside the API (its own port), so a test can prove the API key,
 * the cookie and the proxy never reached it. It records the headers of every request it
 * receives, takes the same faults as the API (staged for the endpoint `media`), and serves a
 * file computed from its address (see `paths.ts`). Videos take `?bytes=N` for a file of N bytes,
 * streamed, for the memory bench.
 */
export async function startMediaHost(options: {
  host: string;
  port: number;
  faults: Faults;
  stats: Stats;
  /** Aborted when the sandbox closes: slow answers end and connections close at once. */
  closing: AbortSignal;
}): Promise<{ url: string; server: FastifyInstance }> {
  const { faults, stats, closing } = options;
  const server = Fastify({ logger: false, forceCloseConnections: true });
  server.get('/*', async (request, reply) => {
    stats.recordMedia({ method: request.method, url: request.url, headers: { ...request.headers } });
    const [path = '', query = ''] = request.url.split('?');
    const address = parseMediaPath(path);
    if (!address) return reply.code(404).type('text/plain').send('Not found');
    const file = mediaFile(
      address,
      address.kind === 'video' ? requestedBytes(Object.fromEntries(new URLSearchParams(query))) : undefined,
    );
    const header = request.headers['x-sandbox-fault'];
    const fault = faults.pick('', MEDIA_ENDPOINT, typeof header === 'string' ? header : undefined);
    if (fault?.fault === 'slow') await delay(fault.delayMs, undefined, { signal: closing });
    if (fault && sendMediaFault(fault, reply, request, file, stats)) return reply;
    return reply
      .code(200)
      .type(file.contentType)
      .header('content-length', String(file.size))
      .header('cache-control', 'public, max-age=604800')
      .send(streamed(file));
  });
  const address = await server.listen({ port: options.port, host: options.host });
  return { url: address.replace('[::1]', 'localhost'), server };
}
