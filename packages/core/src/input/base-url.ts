import { refusePlainHttp } from '../security/plain-http';
import { invalid } from './fail';

/**
 * Where the API lives as requests are sent to it: the origin (host in lower case, no default port)
 * and the path, without a trailing slash.
 */
const requestBaseOf = (url: URL) => `${url.origin}${url.pathname.replace(/\/+$/, '')}`;

export function normalizeBaseUrl(value: unknown, allowInsecureHttp: boolean): string {
  const fix = 'Enter the API address, e.g. https://api.example.com (for the sandbox, the URL it printed).';
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid('baseUrl', 'the base URL is empty', fix);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid('baseUrl', 'the base URL is not a valid URL', fix);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid('baseUrl', 'the base URL must start with http:// or https://', fix);
  if (url.username || url.password)
    throw invalid(
      'baseUrl',
      'the base URL must not carry credentials',
      'Put the API key in the API key field.',
    );
  refusePlainHttp(url, allowInsecureHttp);
  return requestBaseOf(url);
}

/**
 * Whether a request goes to the API at a base URL as the user typed it (`HTTPS://API.Example.com:443/`
 * is `https://api.example.com`): a host that adds the API key itself adds it to these requests
 * and to no other. A base URL that is no URL matches nothing; the client refuses it anyway.
 */
export function isRequestToApi(requestUrl: string, baseUrl: unknown): boolean {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl.trim())) return false;
  const base = requestBaseOf(new URL(baseUrl.trim()));
  return URL.canParse(requestUrl) && new URL(requestUrl).href.startsWith(`${base}/`);
}
