import { badRequest } from './envelope';

const PROXY_SCHEMES = new Set(['http:', 'https:', 'socks5:', 'socks5h:']);

/** What the API checks of an own-session body: a cookie of name=value pairs and a usable proxy URL. */
export function checkSession(body: Record<string, unknown>): void {
  const { cookie, proxy } = body;
  if (typeof cookie !== 'string' || cookie.trim() === '')
    throw badRequest('cookie is required: the session cookie of your account');
  if (!/[^=;\s]+=[^;]*/.test(cookie))
    throw badRequest('cookie is malformed: expected name=value pairs separated by ;');
  if (typeof proxy !== 'string' || proxy.trim() === '')
    throw badRequest('proxy is required: an http, https, socks5 or socks5h URL');
  let url: URL;
  try {
    url = new URL(proxy.trim());
  } catch {
    throw badRequest('proxy is malformed: expected a URL such as http://user:pass@host:8080');
  }
  if (!PROXY_SCHEMES.has(url.protocol))
    throw badRequest('proxy scheme is not supported: use http, https, socks5 or socks5h');
  if (!url.hostname) throw badRequest('proxy is malformed: the URL has no host');
}
