import {
  endpointIds,
  endpointSpec,
  recordKindOf,
  recordSamples,
  sampleRecord,
  tweetsCarryMedia,
} from '../../src';

/**
 * The sample record of each endpoint is shaped as that endpoint sends its records (hosts show it
 * before a step has run, and Zapier derives its output fields from it; its sandbox tests compare
 * those fields with what each endpoint returns).
 */
describe('sampleRecord', () => {
  it.each(endpointIds.filter((id) => recordKindOf(id) !== undefined))(
    '%s: the record its endpoint sends',
    (id) => {
      const sample = sampleRecord(id);
      const kind = recordKindOf(id)!;
      if (kind !== 'tweet') {
        expect(sample).toEqual(recordSamples[kind]);
        return;
      }
      const result = endpointSpec(id).result;
      const short = result.kind === 'tweetPage' && result.author === 'short';
      expect(Object.keys(sample.author as object).sort()).toEqual(
        short
          ? ['id', 'name', 'screen_name', 'userName']
          : Object.keys((recordSamples.tweet as { author: object }).author).sort(),
      );
      expect('media' in sample).toBe(tweetsCarryMedia(id));
    },
  );

  it('hands out a copy: a host that changes its sample changes no other', () => {
    const sample = sampleRecord('getUser');
    sample.name = 'changed';
    expect(sampleRecord('getUser').name).not.toBe('changed');
  });
});
