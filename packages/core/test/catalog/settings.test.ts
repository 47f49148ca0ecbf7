import { SETTING_FIELDS, SETTING_LABELS, USER_SETTINGS, catalog, endpointIds } from '../../src';

/**
 * The settings as every host's connection or credential form offers them: one field each, in the
 * words of no host, pointing the user at what each is for.
 */
describe('the setting fields every host renders', () => {
  it('describe every setting once, the key and the address required, the session secret', () => {
    expect(SETTING_FIELDS.map(({ name }) => name)).toEqual([...USER_SETTINGS]);
    expect(SETTING_FIELDS.filter(({ required }) => required).map(({ name }) => name)).toEqual([
      'apiKey',
      'baseUrl',
    ]);
    expect(SETTING_FIELDS.filter(({ secret }) => secret).map(({ name }) => name)).toEqual([
      'apiKey',
      'cookie',
      'proxy',
    ]);
    for (const { name, label } of SETTING_FIELDS) expect(SETTING_LABELS[name]).toBe(label);
  });

  it('speak no host’s words: no product, credential, step, flag or variable', () => {
    for (const { description, label } of SETTING_FIELDS)
      expect(`${label} ${description}`).not.toMatch(
        /n8n|Zapier|MCP|credential|connection|step|--|SOCIAL_DATA_/i,
      );
  });

  it('send the user to what uses the session: every own-session endpoint says so where it is picked', () => {
    const cookie = SETTING_FIELDS.find(({ name }) => name === 'cookie')!;
    expect(cookie.description).toContain('"uses your session"');
    for (const id of endpointIds.filter((id) => catalog[id].mode === 'session'))
      expect(catalog[id].description).toContain('(uses your session)');
  });
});
