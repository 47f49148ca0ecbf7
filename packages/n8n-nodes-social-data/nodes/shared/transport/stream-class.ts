import type { IExecuteFunctions } from 'n8n-workflow';

type BinaryInput = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];
/** The Node Readable that n8n's `prepareBinaryData` takes besides a Buffer. */
export type NodeReadable = Exclude<BinaryInput, Buffer>;

export interface StreamClass {
  from(source: AsyncIterable<Uint8Array | string>, options: { objectMode: false }): NodeReadable;
}

/**
 * The Readable class of a stream n8n handed back, when it is a Node stream. n8n Cloud refuses
 * community nodes that import Node's `stream`, yet `prepareBinaryData` streams only a Readable
 * into the binary store (a Buffer is held whole); every Node stream class inherits `Readable.from`,
 * so a response's own class makes one. (A web stream's `from` makes a web stream, hence `pipe`.)
 */
export function streamClassOf(body: unknown): StreamClass | undefined {
  const type = (body as { constructor?: unknown } | null)?.constructor as
    { from?: unknown; prototype?: { pipe?: unknown } } | undefined;
  return typeof type?.from === 'function' && typeof type.prototype?.pipe === 'function'
    ? (type as StreamClass)
    : undefined;
}

let seen: StreamClass | undefined;

/** Notes the class of an API answer's body (the transport reads every answer as a stream). */
export function noteStreamClass(body: unknown): void {
  seen ??= streamClassOf(body);
}

/** A Readable class seen on an API answer; undefined before any answer came as a Node stream. */
export function knownStreamClass(): StreamClass | undefined {
  return seen;
}

/**
 * What `prepareBinaryData` is handed for a body read as it goes: a Readable of the class given,
 * or, with none known (no answer came as a Node stream), the whole body gathered in a Buffer.
 */
export async function binaryBody(
  source: AsyncIterable<Uint8Array | string>,
  streamClass: StreamClass | undefined,
): Promise<BinaryInput> {
  if (streamClass) return streamClass.from(source, { objectMode: false });
  const chunks: Buffer[] = [];
  for await (const chunk of source)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
