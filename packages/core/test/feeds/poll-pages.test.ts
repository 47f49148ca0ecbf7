import { ValidationError } from '../../src';
import { DEFAULT_POLL_PAGES, MAX_POLL_PAGES, pollPages } from '../../src/feeds/reading';

/** Issue 38 case 6: Max Pages per Poll from a form, as every surface reads it. */
describe('Max Pages per Poll', () => {
  it.each([undefined, null, '', '  '])(
    'left empty (%p) is the default, as an empty number on an action is unset',
    (value) => {
      expect(pollPages(value, 'maxPagesPerPoll')).toBe(DEFAULT_POLL_PAGES);
      expect(pollPages(value, 'max_pages', 5)).toBe(5);
    },
  );

  it('takes whole numbers up to the bound, as numbers or digits', () => {
    expect(pollPages(1, 'maxPagesPerPoll')).toBe(1);
    expect(pollPages(` ${MAX_POLL_PAGES} `, 'maxPagesPerPoll')).toBe(MAX_POLL_PAGES);
  });

  it.each([
    ['abc', /maxPagesPerPoll: "abc" is not a whole number/],
    [0, /maxPagesPerPoll: 0 is out of range/],
    [100_000, /maxPagesPerPoll: 100000 is out of range/],
    [2.5, /not a whole number/],
  ])('refuses %p before any request, naming the field and the range', (value, message) => {
    const attempt = () => pollPages(value, 'maxPagesPerPoll');
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow(message);
    expect(attempt).toThrow(new RegExp(`from 1 to ${MAX_POLL_PAGES} \\(default ${DEFAULT_POLL_PAGES}\\)`));
    expect(attempt).not.toThrow(/NaN/);
  });
});
