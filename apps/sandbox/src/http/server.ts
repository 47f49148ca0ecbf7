import { setTimeout as delay } from 'node:timers/promises';
import type { EndpointId, EndpointSpec } from '@social-data/core';
import { endpointIds, endpointSpec } from '@social-data/core';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { startMediaHost } from '../media/route';
import { World } from '../world/world';
import { registerControl } from './control';
import { failure, HttpFailure, success } from './envelope';
import { Faults } from './faults';
import { sendAnswer } from './edits';
import { sendFault } from './fault-replies';
import { pageSize, tweetPage, userPage } from './paging';
import { resolvers } from './resolvers';
import type { Params } from './resolvers';
import { checkSession } from './session';
import { Stats } from './stats';
import type { Sequence } from '../world/sequence';

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Same seed, same world. */
  seed?: number;
  /** API keys it accepts; each must start with tda_. */
  keys?: string[];
  /** Serve the control API under /_sandbox (tests and demos only). */
  control?: boolean;
  /** Added to every API answer, to measure clients against a realistic round trip. */
  latencyMs?: number;
  /** The media host's port, on the same host (0, the default, picks a free one). */
  mediaPort?: number;
}

export interface Sandbox {
  url: string;
  /** The media host: another origin, where every media item's `url` points. */
  mediaUrl: string;
  keys: string[];
  world: World;
  faults: Faults;
  stats: Stats;
  server: FastifyInstance;
  close(): Promise<void>;
}

export const DEFAULT_KEY = 'tda_sandbox_demo_key';
export const BODY_LIMIT = 1024 * 1024;

/** A catalog path template (`/social/user/{userName}`) as a route (`/social/user/:userName`). */
const routeOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

function params(spec: EndpointSpec, request: FastifyRequest): Params {
  const sources = { path: request.params, query: request.query, body: request.body } as Record<
    string,
    unknown
  >;
  const merged: Params = {};
  for (const [name, param] of Object.entries(spec.params)) {
    const value = (sources[param.in] as Params | undefined)?.[name];
    if (value !== undefined) merged[name] = value;
  }
  return merged;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? 42;
  const keys = options.keys ?? [DEFAULT_KEY];
  for (const key of keys)
    if (!key.startsWith('tda_')) throw new Error(`sandbox keys start with tda_; got one that does not`);
  const faults = new Faults(seed);
  const stats = new Stats();
  // Closing ends every connection at once and cuts short every slow answer still waiting: a test's
  // teardown must not wait for answers nobody reads any more (on a busy machine a slow fault's
  // client gave up long before, and close() outlived the 60 s hook timeout).
  const closing = new AbortController();
  const host = options.host ?? '127.0.0.1';
  const media = await startMediaHost({
    host,
    port: options.mediaPort ?? 0,
    faults,
    stats,
    closing: closing.signal,
  });
  const world = new World(seed, media.url);
  const server = Fastify({
    bodyLimit: BODY_LIMIT,
    logger: false,
    forceCloseConnections: true,
  });

  server.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof HttpFailure) return reply.code(error.status).send(failure(error.message));
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const message =
      status === 413
        ? `Request body is larger than ${BODY_LIMIT} bytes`
        : status === 500
          ? 'Internal server error'
          : error.message;
    return reply.code(status).send(failure(message));
  });
  server.setNotFoundHandler((request, reply) =>
    reply.code(404).send(failure(`Unknown path: ${request.method} ${request.url.split('?')[0]}`)),
  );

  registerRedirected(server, stats);
  for (const id of endpointIds)
    registerEndpoint(server, id, {
      world,
      faults,
      stats,
      keys,
      latencyMs: options.latencyMs ?? 0,
      closing: closing.signal,
    });
  if (options.control) registerControl(server, { world, faults, stats });

  let address: string;
  try {
    address = await server.listen({ port: options.port ?? 0, host });
  } catch (error) {
    await media.server.close();
    throw error;
  }
  return {
    url: address.replace('[::1]', 'localhost'),
    mediaUrl: media.url,
    keys,
    world,
    faults,
    stats,
    server,
    close: async () => {
      closing.abort();
      await Promise.all([server.close(), media.server.close()]);
    },
  };
}

/**
 * Where a same-origin redirect points: an answer that would pass for a created list or a user,
 * so a client that followed a redirect (a POST turned into a GET) would report a false success.
 * Counted as `redirected`, so tests can prove nothing came here.
 */
function registerRedirected(server: FastifyInstance, stats: Stats): void {
  server.route({
    method: ['GET', 'POST'],
    url: '/redirected',
    handler: async (_request, reply) => {
      stats.count('redirected');
      return reply.send(success({ id: '1', userName: 'redirected', list_id: '1' }));
    },
  });
}

interface EndpointContext {
  world: World;
  faults: Faults;
  stats: Stats;
  keys: string[];
  latencyMs: number;
  /** Aborted when the sandbox closes. */
  closing: AbortSignal;
}

/** Whether a request asks for a later page of a read: a cursor in its query or its body. */
function hasCursor(request: FastifyRequest): boolean {
  const cursor = (from: unknown) =>
    typeof from === 'object' && from !== null && typeof (from as { cursor?: unknown }).cursor === 'string'
      ? (from as { cursor: string }).cursor !== ''
      : false;
  return cursor(request.query) || cursor(request.body);
}

function registerEndpoint(server: FastifyInstance, id: EndpointId, context: EndpointContext): void {
  const spec = endpointSpec(id);
  const { world, faults, stats, keys, latencyMs, closing } = context;
  server.route({
    method: spec.method,
    url: routeOf(spec.path),
    handler: async (request, reply) => {
      const key = request.headers['x-api-key'];
      stats.count(id, typeof key === 'string' ? key : undefined);
      if (typeof key !== 'string' || key === '')
        return reply.code(401).send(failure('X-API-Key header is required'));
      if (!keys.includes(key)) return reply.code(401).send(failure('Invalid API key'));
      if (latencyMs > 0) await delay(latencyMs, undefined, { signal: closing });

      const header = request.headers['x-sandbox-fault'];
      const fault = faults.pick(key, id, typeof header === 'string' ? header : undefined, hasCursor(request));
      if (fault?.fault === 'slow') await delay(fault.delayMs, undefined, { signal: closing });
      if (fault && sendFault(fault, reply, request, stats)) return reply;

      if (spec.mode === 'session') {
        if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
          return reply.code(400).send(failure('Body must be a JSON object with cookie and proxy'));
        }
        checkSession(request.body as Params);
      }
      const input = params(spec, request);
      const resolved = resolvers[id](world, input);
      const cursor = typeof input.cursor === 'string' ? input.cursor : undefined;
      const pageFaults = {
        repeatCursor: fault?.fault === 'repeat-cursor',
        emptyPage: fault?.fault === 'empty-page' ? faults.injected : undefined,
        freshRepeat: fault?.fault === 'fresh-cursor-repeat' ? faults.injected : undefined,
        blankCursor: fault?.fault === 'blank-cursor',
        emptyList: fault?.fault === 'empty-list',
        loopEvery: fault?.fault === 'long-loop' ? fault.every : undefined,
      };
      // What `deep-nesting` and `extra-record` do to an answer made as usual.
      const send = (body: Record<string, unknown>) => sendAnswer(reply, body, fault);
      const result = spec.result;
      if (result.kind === 'tweetPage') {
        const page = tweetPage(
          world.seed,
          resolved as Sequence<unknown>,
          pageSize(input.count, spec.count),
          cursor,
          pageFaults,
        );
        return send(success(page, result.source ? { source: result.source } : {}));
      }
      if (result.kind === 'userPage') {
        return send(
          success(
            userPage(
              world.seed,
              result.key,
              resolved as Sequence<unknown>,
              pageSize(input.count, spec.count),
              cursor,
              pageFaults,
            ),
          ),
        );
      }
      return send(
        id === 'createList' ? { status: 'success', msg: 'List created', data: resolved } : success(resolved),
      );
    },
  });
}
