import type { ResultSpec } from '../catalog/types';
import type { Envelope } from '../records/types';

/** Adds the envelope fields a result documents beside `data` (`source` on the For You timeline). */
export function envelopeExtras(result: ResultSpec, data: unknown, envelope: Envelope): unknown {
  if (result.kind === 'tweetPage' && result.source && typeof envelope.source === 'string') {
    return { ...(data as object), source: envelope.source };
  }
  return data;
}
