import nock from 'nock';
import { ValidationError } from '../../src';
import { BASE } from './client';

/** Any request at all fails the test: the point is that bad input never leaves the machine. */
export function answerEveryRequestWithFailure(): void {
  nock(BASE).persist().get(/.*/).reply(500, 'no request should be sent');
  nock(BASE).persist().post(/.*/).reply(500, 'no request should be sent');
}

/** The ValidationError a call was refused with; fails the test when it was not refused so. */
export async function rejection(promise: Promise<unknown>): Promise<ValidationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}
