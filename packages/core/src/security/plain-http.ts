import { invalid } from '../input/fail';

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves the machine (the sandbox, tests). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/**
 * Plain http:// sends the API key, the cookie and the proxy password readable by anyone on the
 * way, so it is refused for any host but loopback unless the user allows it in so many words.
 */
export function refusePlainHttp(url: URL, allowInsecureHttp: boolean): void {
  if (url.protocol !== 'http:' || allowInsecureHttp || isLoopbackHost(url.hostname)) return;
  throw invalid(
    'baseUrl',
    `plain http:// would send the API key and the session unencrypted to ${url.host}`,
    // Each surface names the setting as its user finds it (HostWords.field).
    'Use the https:// address; only on a network you trust, turn on allowInsecureHttp.',
  );
}
