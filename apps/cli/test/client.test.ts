import { ValidationError } from '@social-data/core';
import { clientFor } from '../src/run/client';

/**
 * Plain http:// to another machine sends the key unencrypted: refused unless the user allows it,
 * by the flag or by the variable every SOCIAL_DATA_* reader takes. Built only: nothing is sent.
 */
describe('clientFor and plain http://', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  function build(flag: boolean | undefined, variable: string | undefined) {
    process.env = {
      ...saved,
      SOCIAL_DATA_CONFIG: '/nonexistent/social-data-config.json',
      SOCIAL_DATA_BASE_URL: 'http://api.example.com',
      SOCIAL_DATA_API_KEY: 'tda_cli_client_test_0001',
      SOCIAL_DATA_ALLOW_INSECURE_HTTP: variable,
    };
    if (variable === undefined) delete process.env.SOCIAL_DATA_ALLOW_INSECURE_HTTP;
    const options = flag === undefined ? {} : { allowInsecureHttp: flag };
    return () => clientFor(options, new AbortController().signal);
  }

  it.each([
    [true, undefined],
    [undefined, 'true'],
    [false, '1'],
  ])('allows it with --allow-insecure-http %s or SOCIAL_DATA_ALLOW_INSECURE_HTTP %s', (flag, variable) => {
    expect(build(flag, variable)()).toBeDefined();
  });

  it.each([
    [undefined, undefined],
    [undefined, 'false'],
    [undefined, 'on please'],
  ])('refuses it with neither (flag %s, variable %s)', (flag, variable) => {
    expect(build(flag, variable)).toThrow(ValidationError);
  });
});
