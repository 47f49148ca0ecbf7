import type { UserSetting } from '@social-data/core';

/** The connection's fields as Zapier's connection form labels them, for its form and its errors. */
export const CONNECTION_LABELS = {
  apiKey: 'API Key',
  baseUrl: 'Base URL',
  cookie: 'Session Cookie',
  proxy: 'Proxy URL',
  allowInsecureHttp: 'Allow Insecure HTTP',
} as const satisfies Record<UserSetting, string>;
