import type { FastifyReply } from 'fastify';
import type { Fault } from './faults';
import { jsonBytes, sendJson } from './json-bytes';

type Body = Record<string, unknown>;

/** An id no world record has: the record `extra-record` adds. */
const UNASKED_ID = '1999999999999999999';
/** Stands for the deep field while the answer is made: JSON.stringify itself overflows at 5,000 levels. */
const DEEP_MARK = 'sandbox-deep-nesting-mark';

/** The list a page or a lookup answers, or the record a single answer holds. */
function recordsOf(data: unknown): { list?: unknown[]; record?: Body } {
  if (Array.isArray(data)) return { list: data };
  if (typeof data !== 'object' || data === null) return {};
  const list = Object.values(data).find(Array.isArray);
  return list ? { list } : { record: data as Body };
}

/** A lookup's records backwards, and one more that nobody asked for. */
function withExtraRecord(body: Body): Body {
  const { list } = recordsOf(body.data);
  if (!Array.isArray(body.data) || !list?.length) return body;
  const [first] = list as Body[];
  return { ...body, data: [...list].reverse().concat({ ...first, id: UNASKED_ID }) };
}

/** The answer's first record gains a field `depth` levels deep. */
function deepBytes(body: Body, depth: number): Buffer {
  const { list, record } = recordsOf(body.data);
  const target = record ?? (list?.[0] as Body | undefined);
  if (!target) return jsonBytes(body);
  target.nested_extension = DEEP_MARK;
  const deep = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return Buffer.from(jsonBytes(body).toString('utf8').replace(JSON.stringify(DEEP_MARK), deep));
}

/** Sends an answer made as usual, as `extra-record` or `deep-nesting` changes it when staged. */
export function sendAnswer(reply: FastifyReply, body: Body, fault: Fault | undefined): FastifyReply {
  if (fault?.fault === 'extra-record') return sendJson(reply, withExtraRecord(body));
  if (fault?.fault === 'deep-nesting')
    return reply.type('application/json; charset=utf-8').send(deepBytes(body, fault.depth));
  return sendJson(reply, body);
}
