import { noticeOf } from '../../src/feeds/notice';

it("joins a poll's notes into one message, each sentence ending with its full stop", () => {
  const notice = noticeOf({
    uncertain: true,
    missed: 2,
    notes: ['A burst is being read, then reported', 'Up to 2 new items may be missed.'],
  });
  expect(notice).toEqual({
    notice: 'uncertain',
    may_be_missed: 2,
    message: 'A burst is being read, then reported. Up to 2 new items may be missed.',
  });
});
