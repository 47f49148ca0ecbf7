import nock from 'nock';

import { api, apiCredential, ok, tweet } from '../../../support/api';
import { hintsOf, runNode } from '../../../support/workflow';
import { stopN8nTimers } from '../../../support/n8n-timers';

afterAll(stopN8nTimers);
afterEach(() => nock.cleanAll());

const credentials = { socialDataApi: apiCredential };

type Fault = 'none' | 'repeatedCursor' | 'emptyPages';

/** 4 pages of 5 tweets; from page 1 on, the fault: a cursor back to page 0, or empty pages. */
function feed(fault: Fault) {
  api()
    .persist()
    .get('/social/user/social_data/tweets')
    .query(true)
    .reply((uri) => {
      const index = Number(new URL(uri, 'http://x').searchParams.get('cursor') ?? 0);
      const faulty = fault !== 'none' && index >= 1;
      const last = index === 3 && !faulty;
      const records =
        faulty && fault === 'emptyPages' ? [] : Array.from({ length: 5 }, (_, n) => tweet(index * 5 + n));
      const next = faulty && fault === 'repeatedCursor' ? '0' : String(index + 1);
      return [200, ok({ tweets: records, has_next_page: !last, next_cursor: last ? '' : next })];
    });
}

// A read the API ended early looks complete; every Output mode says it may not be (decision A5).
describe.each(['records', 'pages', 'file'])('Output %s, Return All', (outputMode) => {
  it.each<[Fault, RegExp | undefined]>([
    ['none', undefined],
    ['repeatedCursor', /cursor it had given before/],
    ['emptyPages', /no new records while it claimed more/],
  ])('the API ending it with %s is said in the execution', async (fault, said) => {
    feed(fault);
    const { run, error } = await runNode(
      {
        resource: 'user',
        operation: 'getUserTweets',
        userName: { __rl: true, mode: 'username', value: 'social_data' },
        returnAll: true,
        options: { outputMode, ...(outputMode === 'file' ? { fileFormat: 'jsonl' } : {}) },
      },
      { credentials },
    );
    expect(error).toBeUndefined();
    const hints = hintsOf(run).filter((hint) => /^The API /.test(hint));
    if (said) expect(hints).toEqual([expect.stringMatching(said)]);
    else expect(hints).toEqual([]);
  });
});
