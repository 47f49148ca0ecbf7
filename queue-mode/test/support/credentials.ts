import type { CredentialRef } from '@social-data/n8n-harness';

// Distinctive values, so any trace of them in n8n's logs, PostgreSQL or Redis is found by the scan.
export const API_KEY = 'tda_queueModeKey_Wm47Tz2Qx9';
const COOKIE_TOKEN = 'queueCookieSecret_Hd83Lp';
const COOKIE_CSRF = 'queueCsrfSecret_Ze61Vb';
const PROXY_PASSWORD = 'queueProxyPass_Kr25Yn';

const SECRETS = [API_KEY, COOKIE_TOKEN, COOKIE_CSRF, PROXY_PASSWORD];

export const CHAIN_API: CredentialRef = { id: 'sdQueueChainApi1', name: 'Social Data (chain sandbox)' };
export const TRIGGER_API: CredentialRef = { id: 'sdQueueTrigApi01', name: 'Social Data (trigger sandbox)' };
export const FILE_API: CredentialRef = { id: 'sdQueueFileApi01', name: 'Social Data (file sandbox)' };
const SESSION: CredentialRef = { id: 'sdQueueSession01', name: 'Social Data with session' };

/**
 * One API credential per sandbox, so the trigger's polls never count among the chain's requests
 * and a fault staged for a file read hits nothing else; and a credential with a session no
 * workflow uses, which must still be stored only encrypted.
 */
export function credentials(sandboxes: {
  chain: string;
  trigger: string;
  file: string;
}): Array<Record<string, unknown>> {
  return [
    { ...CHAIN_API, type: 'socialDataApi', data: { apiKey: API_KEY, baseUrl: sandboxes.chain } },
    { ...TRIGGER_API, type: 'socialDataApi', data: { apiKey: API_KEY, baseUrl: sandboxes.trigger } },
    { ...FILE_API, type: 'socialDataApi', data: { apiKey: API_KEY, baseUrl: sandboxes.file } },
    {
      ...SESSION,
      type: 'socialDataApi',
      data: {
        apiKey: API_KEY,
        baseUrl: sandboxes.chain,
        cookie: `auth_token=${COOKIE_TOKEN}; ct0=${COOKIE_CSRF}`,
        proxy: `http://queueProxyUser:${PROXY_PASSWORD}@127.0.0.1:8080`,
      },
    },
  ];
}

/** How many of the texts hold any of the secrets. */
export function textsWithSecrets(texts: string[]): number {
  return texts.filter((text) => SECRETS.some((secret) => text.includes(secret))).length;
}
