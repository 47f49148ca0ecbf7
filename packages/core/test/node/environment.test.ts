import { ValidationError } from '../../src';
import { clientOptionsFromEnv, createClient } from '../../src/node';

/** The variables a server or script reads its settings from (the MCP server's README). */
const env = (extra: Record<string, string>) => ({
  SOCIAL_DATA_API_KEY: 'tda_test_key_0123456789',
  SOCIAL_DATA_BASE_URL: 'http://api.example.com',
  ...extra,
});

describe('clientOptionsFromEnv', () => {
  it.each(['true', 'TRUE', '1', 'yes', ' true '])(
    'allows plain http:// to another machine when SOCIAL_DATA_ALLOW_INSECURE_HTTP is %j',
    (value) => {
      // Built, not called: no request leaves the machine.
      expect(() =>
        createClient(clientOptionsFromEnv(env({ SOCIAL_DATA_ALLOW_INSECURE_HTTP: value }))),
      ).not.toThrow();
    },
  );

  it.each([undefined, '', 'false', '0', 'no', 'ture'])('refuses it when the variable is %j', (value) => {
    const options = clientOptionsFromEnv(
      env(value === undefined ? {} : { SOCIAL_DATA_ALLOW_INSECURE_HTTP: value }),
    );
    expect(() => createClient(options)).toThrow(ValidationError);
  });
});
