import fc from 'fast-check';
import { isRequestToApi } from '../../src';
import { normalizeBaseUrl } from '../../src/input/base-url';
import { check, PROPERTY_RUNS as runs } from '../support/check';

/**
 * A host that adds the API key itself (Zapier's middleware) adds it to every request the client
 * sends to the base URL however the user typed it, and to no request anywhere else. The class:
 * every way of typing one address (case of scheme and host, the default port, trailing slashes,
 * blanks) against requests to it and to every near miss (another host, port, scheme, a sibling
 * path, the base itself without a path after it).
 */
// Letters and digits only: a label such as `xn--a` is no host a URL takes.
const label = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const host = fc.tuple(label, label).map(([a, b]) => `${a}.${b}.test`);
const segment = fc.stringMatching(/^[a-z0-9]{1,6}$/);
const scheme = fc.constantFrom('https', 'http');

const flipCase = (text: string, mask: number) =>
  [...text].map((char, index) => ((mask >> (index % 30)) & 1 ? char.toUpperCase() : char)).join('');

describe('the API key goes to the API as typed, and nowhere else', () => {
  it('matches every request under the base URL, however the base URL is typed', () => {
    fc.assert(
      fc.property(
        scheme,
        host,
        fc.array(segment, { maxLength: 2 }),
        fc.array(segment, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.boolean(),
        fc.constantFrom('', '/', '//'),
        fc.constantFrom('', ' ', '\n'),
        (protocol, name, prefix, rest, mask, port, slashes, blank) => {
          const path = prefix.map((part) => `/${part}`).join('');
          const typed = `${blank}${flipCase(`${protocol}://${name}`, mask)}${port ? `:${protocol === 'https' ? 443 : 80}` : ''}${path}${slashes}${blank}`;
          // The request as the client builds it: the normalized base, then the endpoint's path.
          const request = `${normalizeBaseUrl(typed, true)}/${rest.join('/')}`;
          check(isRequestToApi(request, typed), `${request} is not taken for ${JSON.stringify(typed)}`);
        },
      ),
      runs,
    );
  });

  it('matches no request to another host, port, scheme or path', () => {
    fc.assert(
      fc.property(scheme, host, host, segment, segment, (protocol, name, other, part, rest) => {
        const base = `${protocol}://${name}/${part}`;
        const misses = [
          `${protocol}://${other}/${part}/${rest}`,
          `${protocol}://${name}.evil.test/${part}/${rest}`,
          `${protocol}://${name}:8443/${part}/${rest}`,
          `${protocol === 'https' ? 'http' : 'https'}://${name}/${part}/${rest}`,
          `${protocol}://${name}/${part}x/${rest}`,
          // A dash, which no segment holds: "rest" + "x" could be the base's own segment.
          `${protocol}://${name}/${rest}-/${part}`,
          `${protocol}://${name}/${part}`,
          `${protocol}://user@${other}/${part}/${rest}`,
        ].filter((url) => other !== name || !url.includes(other));
        for (const url of misses) check(!isRequestToApi(url, base), `${url} was taken for ${base}`);
      }),
      runs,
    );
  });

  it('matches nothing for a base URL that is no URL', () => {
    for (const base of [undefined, '', ' ', 'api.example.test', 42])
      expect(isRequestToApi('https://api.example.test/social/user/jack', base)).toBe(false);
  });
});
