import { ValidationError, normalizeScreenNameList } from '../../src';

describe('a list of accounts in one field', () => {
  it('takes names, @names and profile URLs, comma or new-line separated, each once, in lower case', () => {
    expect(normalizeScreenNameList('NASA, @spacex\nhttps://x.com/ESA/\n\n nasa ,', 50)).toEqual([
      'nasa',
      'spacex',
      'esa',
    ]);
  });

  it('refuses more than the maximum, an empty list, or a bad name, naming the field', () => {
    const names = Array.from({ length: 51 }, (_, at) => `user${at}`).join(',');
    expect(() => normalizeScreenNameList(names, 50, 'userNames')).toThrow(/^userNames: 51 accounts given/);
    expect(() => normalizeScreenNameList(' , \n', 50, 'userNames')).toThrow(
      /^userNames: no screen name given/,
    );
    expect(() => normalizeScreenNameList('ok, https://x.com/home', 50, 'userNames')).toThrow(ValidationError);
  });
});
