import fc from 'fast-check';
import { ResponseFormatError, SocialDataError } from '../../src';
import { readResponse } from '../../src/http/envelope';
import { check, PROPERTY_RUNS as runs } from '../support/check';

describe('the envelope reader', () => {
  const ids = [
    'getUser',
    'getUserFollowers',
    'getUserTweets',
    'lookupTweets',
    'createList',
    'getForYouTimeline',
  ] as const;
  const bodies = fc.oneof(
    fc.json(),
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.anything().map((v) => JSON.stringify(v) ?? ''),
    fc
      .record({
        status: fc.constantFrom('success', 'error', undefined, 7),
        msg: fc.anything(),
        data: fc.anything(),
      })
      .map((v) => JSON.stringify(v)),
  );

  it('never throws: any body and status gives data or a SocialDataError', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.integer({ min: 100, max: 599 }), bodies, (id, status, body) => {
        const result = readResponse(id, { status, headers: { 'retry-after': 'soon' }, body }, 0);
        if (!result.ok) {
          check(result.error instanceof SocialDataError, `${String(result.error)} is not a SocialDataError`);
          check(result.error.message.includes(id), `"${result.error.message}" does not name ${id}`);
        }
      }),
      runs,
    );
  });

  it('calls a 2xx body that is not JSON a ResponseFormatError', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => {
          try {
            JSON.parse(s);
            return false;
          } catch {
            return true;
          }
        }),
        (body) => {
          const result = readResponse('getUser', { status: 200, headers: {}, body }, 0);
          check(
            !result.ok && result.error instanceof ResponseFormatError,
            'a body that is not JSON was read',
          );
        },
      ),
      runs,
    );
  });
});
