import { ApiError, NotFoundError, notFoundNotice, settleLookup } from '../../src';
import type { BatchFailure } from '../../src';

/**
 * The promise every surface keeps for a batch lookup (decisions B11, N19): each id asked for ends
 * in exactly one place: a record, "not found" (left out by the API, or in a batch answered "not
 * found"), or a failed batch; nothing found is lost for a failure elsewhere. Every fate of every
 * id, for up to four ids.
 */

type Fate = 'found' | 'leftOut' | 'notFoundBatch' | 'failedBatch';
const FATES: Fate[] = ['found', 'leftOut', 'notFoundBatch', 'failedBatch'];

function histories(length: number): Fate[][] {
  if (length === 0) return [[]];
  return histories(length - 1).flatMap((rest) => FATES.map((fate) => [...rest, fate]));
}

const all = [1, 2, 3, 4].flatMap(histories);
const ids = (fates: Fate[]) => fates.map((_, at) => String(1000 + at));

function answer(fates: Fate[]) {
  const asked = ids(fates);
  const having = (fate: Fate) => asked.filter((_, at) => fates[at] === fate);
  const failures: BatchFailure[] = [];
  if (having('notFoundBatch').length)
    failures.push({ ids: having('notFoundBatch'), error: new NotFoundError('not found', { status: 404 }) });
  if (having('failedBatch').length)
    failures.push({ ids: having('failedBatch'), error: new ApiError('server error', { status: 500 }) });
  return { asked, having, result: { records: having('found').map((id) => ({ id })), failures } };
}

describe('a batch lookup, read as every surface reads it', () => {
  it(`puts every id in exactly one place, in ${all.length} histories`, () => {
    for (const fates of all) {
      const { asked, having, result } = answer(fates);
      const settled = settleLookup('getUsersByIds', { userIds: asked.join(',') }, result);
      expect(settled.records.map((record) => record.id)).toEqual(having('found'));
      expect(settled.notFound).toEqual(
        asked.filter((_, at) => ['leftOut', 'notFoundBatch'].includes(fates[at]!)),
      );
      expect(settled.failures.flatMap((failure) => failure.ids)).toEqual(having('failedBatch'));
      const notice = notFoundNotice(settled.notFound);
      if (settled.notFound.length === 0) expect(notice).toBeUndefined();
      else expect(notice).toMatch(new RegExp(`^${settled.notFound.length} of the ids asked for w`));
    }
  });

  it('takes the host\'s way of telling "not found" from its wrapped errors', () => {
    const { asked, result } = answer(['found', 'notFoundBatch']);
    const wrapped = {
      ...result,
      failures: result.failures.map((f) => ({ ...f, error: new ApiError('{"code":"NotFoundError"}') })),
    };
    const plain = settleLookup('getUsersByIds', { userIds: asked.join(',') }, wrapped);
    expect(plain.failures).toHaveLength(1);
    const host = settleLookup('getUsersByIds', { userIds: asked.join(',') }, wrapped, (error) =>
      String((error as Error).message).includes('NotFoundError'),
    );
    expect(host).toMatchObject({ failures: [], notFound: ['1001'] });
  });

  it('names at most five ids, and says how many more', () => {
    const fates: Fate[] = Array.from({ length: 8 }, () => 'leftOut');
    const { asked, result } = answer(fates);
    const notice = notFoundNotice(
      settleLookup('lookupTweets', { tweet_ids: asked.join(',') }, result).notFound,
    );
    expect(notice).toBe(
      '8 of the ids asked for were not found (1000, 1001, 1002, 1003, 1004, …); they are left out.',
    );
  });
});
