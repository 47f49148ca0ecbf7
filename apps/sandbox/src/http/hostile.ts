import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Fault } from './faults';
import type { HostileAnswers } from './stats';

/**
 * The hostile answers of issue 25: a body that never ends, a gzip bomb and a length that lies.
 * Each is streamed as the client reads it, so the sandbox holds a few chunks at most whatever
 * size it sends, and stops when the client hangs up.
 */

/** The start of a getUser answer, left open so the body goes on inside the name. */
const OPENING = '{"status":"success","msg":"success","data":{"id":"1","userName":"big","name":"';
const CHUNK = Buffer.alloc(64 * 1024, ' ');
/** A gzip member of this many spaces; a bomb is the opening's member and copies of this one. */
const MEMBER_BYTES = 16 * 1024 * 1024;
let member: Buffer | undefined;

/**
 * Counts an answer as open from its first chunk until its stream ends or is destroyed (the
 * client hung up), and each chunk's body bytes as it is handed on.
 */
function* counted(chunks: Iterable<[Buffer, number]>, answers: HostileAnswers): Generator<Buffer> {
  answers.open += 1;
  try {
    for (const [chunk, bytes] of chunks) {
      answers.bytes += bytes;
      yield chunk;
    }
  } finally {
    answers.open -= 1;
  }
}

function* spaces(bytes: number): Generator<[Buffer, number]> {
  for (let sent = 0; sent < bytes; sent += CHUNK.length) yield [CHUNK, CHUNK.length];
}

/** Counted by what each member inflates to. */
function* bomb(bytes: number): Generator<[Buffer, number]> {
  yield [gzipSync(OPENING), OPENING.length];
  // Concatenated gzip members are one valid gzip stream (RFC 1952): 16 KB each on the wire.
  member ??= gzipSync(Buffer.alloc(MEMBER_BYTES, ' '), { level: 9 });
  for (let sent = 0; sent < bytes; sent += MEMBER_BYTES) yield [member, MEMBER_BYTES];
}

/** A redirect: to `fault.to` on another origin, or to this sandbox's `/redirected` page. */
export function sendRedirect(fault: Fault, reply: FastifyReply, sameOrigin: boolean): void {
  reply
    .code(fault.status)
    .header('location', sameOrigin ? '/redirected' : fault.to)
    .send();
}

function* endless(bytes: number): Generator<[Buffer, number]> {
  yield [Buffer.from(OPENING), OPENING.length];
  yield* spaces(bytes);
}

export function sendEndlessBody(fault: Fault, reply: FastifyReply, answers: HostileAnswers): void {
  reply
    .code(200)
    .type('application/json')
    .send(Readable.from(counted(endless(fault.bytes), answers)));
}

export function sendGzipBomb(fault: Fault, reply: FastifyReply, answers: HostileAnswers): void {
  reply
    .code(200)
    .type('application/json')
    .header('content-encoding', 'gzip')
    .send(Readable.from(counted(bomb(fault.bytes), answers)));
}

/** The opening of an answer, then a byte every `delayMs`, for as long as the client listens. */
async function* dripping(delayMs: number, answers: HostileAnswers): AsyncGenerator<Buffer> {
  answers.open += 1;
  try {
    yield Buffer.from(OPENING);
    answers.bytes += OPENING.length;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      answers.bytes += 1;
      yield Buffer.from(' ');
    }
  } finally {
    answers.open -= 1;
  }
}

export function sendDrippingBody(fault: Fault, reply: FastifyReply, answers: HostileAnswers): void {
  reply
    .code(200)
    .type('application/json')
    .send(Readable.from(dripping(fault.delayMs, answers)));
}

/**
 * Headers and the opening of a body that claims more, then nothing, until the client hangs up:
 * written on the socket, so no stream of the server's own times it out.
 */
export function sendStalledBody(reply: FastifyReply, request: FastifyRequest, answers: HostileAnswers): void {
  reply.hijack();
  const socket = request.raw.socket;
  answers.open += 1;
  socket.once('close', () => (answers.open -= 1));
  socket.write(
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${OPENING.length.toString(16)}\r\n${OPENING}\r\n`,
  );
  answers.bytes += OPENING.length;
}

/** Headers claiming a whole page and half of one, then the connection closes. */
export function sendCutBody(reply: FastifyReply, request: FastifyRequest): void {
  reply.hijack();
  const socket = request.raw.socket;
  const page = `${OPENING}${' '.repeat(4000)}`;
  socket.end(
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${page.length * 2}\r\n\r\n${page}`,
  );
}

/**
 * Claims a small body (the opening's length) and then sends `fault.bytes` more on the same
 * connection: a client that reads by the header gets cut-off JSON, one that reads to the end of
 * the connection gets everything.
 */
export function sendLyingLength(
  fault: Fault,
  reply: FastifyReply,
  request: FastifyRequest,
  answers: HostileAnswers,
): void {
  reply.hijack();
  const socket = request.raw.socket;
  socket.write(
    `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${OPENING.length}\r\nconnection: close\r\n\r\n${OPENING}`,
  );
  const rest = Readable.from(counted(spaces(fault.bytes), answers));
  rest.on('end', () => socket.end());
  socket.on('close', () => rest.destroy());
  socket.on('error', () => rest.destroy());
  rest.pipe(socket, { end: false });
}
