import type { FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';
import type { Fault } from './faults';
import type { Stats } from './stats';
import {
  sendCutBody,
  sendDrippingBody,
  sendEndlessBody,
  sendGzipBomb,
  sendLyingLength,
  sendRedirect,
  sendStalledBody,
} from './hostile';

/** Answers a staged fault as the API would; false when the fault changes a page instead. */
export function sendFault(fault: Fault, reply: FastifyReply, request: FastifyRequest, stats: Stats): boolean {
  const key = request.headers['x-api-key'];
  const answers = () => stats.hostileAnswers(typeof key === 'string' ? key : '');
  switch (fault.fault) {
    case 'rate-limit':
      reply
        .code(429)
        .header('retry-after', String(fault.retryAfter))
        .send(failure('Rate limit exceeded, slow down'));
      return true;
    case 'rate-limit-date':
      reply
        .code(429)
        .header('retry-after', new Date(Date.now() + fault.retryAfter * 1000).toUTCString())
        .send(failure('Rate limit exceeded, slow down'));
      return true;
    case 'rate-limit-odd':
      reply
        .code(429)
        .header(
          'retry-after',
          fault.retryAfterText.includes(',') ? fault.retryAfterText.split(/,\s*/) : fault.retryAfterText,
        )
        .send(failure('Rate limit exceeded, slow down'));
      return true;
    case 'not-found':
      reply.code(404).send(failure('Not found'));
      return true;
    case 'error-500':
      reply.code(500).send(failure('Internal server error'));
      return true;
    case 'error-502':
      reply.code(502).type('text/html').send('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return true;
    case 'error-503':
      reply.code(503).send(failure('Service temporarily unavailable'));
      return true;
    case 'reset':
      reply.hijack();
      request.raw.socket.destroy();
      return true;
    case 'html':
      reply
        .code(200)
        .type('text/html')
        .send('<!doctype html><html><body>Please enable JavaScript</body></html>');
      return true;
    case 'truncated':
      reply
        .code(200)
        .type('application/json')
        .send('{"status":"success","msg":"success","data":{"id":"14000');
      return true;
    case 'error-200':
      reply.code(200).send(failure('Internal processing error, try again'));
      return true;
    case 'redirect-other-origin':
    case 'redirect-same-origin':
      sendRedirect(fault, reply, fault.fault === 'redirect-same-origin');
      return true;
    case 'endless-body':
      sendEndlessBody(fault, reply, answers());
      return true;
    case 'gzip-bomb':
      sendGzipBomb(fault, reply, answers());
      return true;
    case 'lying-length':
      sendLyingLength(fault, reply, request, answers());
      return true;
    case 'drip-body':
      sendDrippingBody(fault, reply, answers());
      return true;
    case 'stall-body':
      sendStalledBody(reply, request, answers());
      return true;
    case 'cut-body':
      sendCutBody(reply, request);
      return true;
    case 'odd-status':
      // A 304 has no body and, here, no Location; 418 and 451 come as the API's envelope.
      if (fault.status === 304) reply.code(304).send();
      else
        reply
          .code(fault.status)
          .send(failure(fault.status === 451 ? 'Unavailable for legal reasons' : "I'm a teapot"));
      return true;
    default:
      return false;
  }
}
