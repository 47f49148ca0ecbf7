// Distinctive values, so any trace of them in what a model or a log saw is found by the scan.
export const API_KEY = 'tda_mcpSandboxKey_Tq52Lm';
export const REVOKED_KEY = 'tda_mcpRevoked_Pz81Kc';
export const COOKIE = 'auth_token=mcpCookieSecret_7Hd3; ct0=mcpCsrfSecret_2Wk8';
export const PROXY = 'http://mcpProxyUser:mcpProxyPass_9Rb4@127.0.0.1:8080';
export const SECRETS = [
  API_KEY,
  REVOKED_KEY,
  'mcpCookieSecret_7Hd3',
  'mcpCsrfSecret_2Wk8',
  'mcpProxyPass_9Rb4',
];

/** The settings an MCP client puts in the server's environment. */
export function settingsFor(baseUrl: string, apiKey = API_KEY): Record<string, string> {
  return {
    SOCIAL_DATA_BASE_URL: baseUrl,
    SOCIAL_DATA_API_KEY: apiKey,
    SOCIAL_DATA_COOKIE: COOKIE,
    SOCIAL_DATA_PROXY: PROXY,
  };
}

export function secretsIn(texts: string[]): string[] {
  return SECRETS.filter((secret) => texts.some((text) => text.includes(secret)));
}
