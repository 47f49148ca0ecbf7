import type { Bundle, ZObject } from 'zapier-platform-core';

import { CONNECTION_LABELS } from '../http/connection-labels';
import { step } from './step';

/**
 * The connection: the API key and base URL, and the session cookie and proxy for own-session
 * steps. Secrets are password fields; Zapier censors authData in its logs, and core redacts
 * them from every error.
 */
export const authentication = {
  type: 'custom' as const,
  fields: [
    {
      key: 'apiKey',
      label: CONNECTION_LABELS.apiKey,
      type: 'password' as const,
      required: true,
      helpText: 'Your Social Data API key, from the account dashboard. It starts with `tda_`.',
    },
    {
      key: 'baseUrl',
      label: CONNECTION_LABELS.baseUrl,
      type: 'string' as const,
      required: true,
      helpText: 'Where the API lives, e.g. `https://api.example.com`.',
    },
    {
      key: 'cookie',
      label: CONNECTION_LABELS.cookie,
      type: 'password' as const,
      required: false,
      helpText:
        'Only for the steps whose description says they use your session (your timeline, bookmarks and muted accounts; list tweets and members, communities, topics and media tweets; creating a list; a profile looked up as you): the Cookie header of a browser logged in to x.com, at least its auth_token and ct0 cookies. Leave empty for public data.',
    },
    {
      key: 'proxy',
      label: CONNECTION_LABELS.proxy,
      type: 'password' as const,
      required: false,
      helpText:
        'Only with the session cookie: an `http://`, `https://`, `socks5://` or `socks5h://` proxy URL, e.g. `http://user:password@proxy.example.com:8080`.',
    },
    {
      key: 'allowInsecureHttp',
      label: CONNECTION_LABELS.allowInsecureHttp,
      type: 'boolean' as const,
      required: false,
      default: 'false',
      helpText:
        'Allows an `http://` Base URL on a host other than this machine. Plain HTTP sends the API key, the session cookie and the proxy password unencrypted: turn it on only on a network you trust.',
    },
  ],
  // There is no "who am I" endpoint: looking up one public tweet answers for any valid key.
  test: step('the connection test', async (client, bundle) => {
    await client.call('lookupTweets', { tweet_ids: '20' });
    return { label: `Social Data (${new URL(String(bundle.authData.baseUrl).trim()).host})` };
  }),
  connectionLabel: async (_z: ZObject, bundle: Bundle) => String(bundle.inputData.label ?? 'Social Data'),
};
