import { writeReport } from '@social-data/n8n-harness';
import type { Figures } from '@social-data/n8n-harness';
import type { IDataObject } from 'n8n-workflow';

// Distinctive values, so any trace of them in n8n's output or database is found by the scans.
export const API_KEY = 'tda_e2eKey_Zq81MwX4Lr0fGk';
export const REVOKED_KEY = 'tda_e2eRevoked_Hn27Pq9Vt';
export const COOKIE = 'auth_token=e2eCookieSecret_8fJ2kL; ct0=e2eCsrfSecret_4Qw9Zx';
export const PROXY = 'http://e2eProxyUser:e2eProxyPass_Vb73Nm@127.0.0.1:8080';
export const SECRETS = [
  API_KEY,
  REVOKED_KEY,
  'e2eCookieSecret_8fJ2kL',
  'e2eCsrfSecret_4Qw9Zx',
  'e2eProxyPass_Vb73Nm',
];

/** The credentials the example workflows name by id, pointing at a sandbox. */
export function sandboxCredentials(baseUrl: string): IDataObject[] {
  return [
    {
      id: 'sdApiSandbox0001',
      name: 'Social Data (sandbox)',
      type: 'socialDataApi',
      data: { apiKey: API_KEY, baseUrl },
    },
    {
      id: 'sdApiBadKey00001',
      name: 'Social Data (revoked key)',
      type: 'socialDataApi',
      data: { apiKey: REVOKED_KEY, baseUrl },
    },
    {
      id: 'sdSessSandbox001',
      name: 'Social Data with session (sandbox)',
      type: 'socialDataApi',
      data: { apiKey: API_KEY, baseUrl, cookie: COOKIE, proxy: PROXY },
    },
  ];
}

/** Everything n8n printed or stored, searched for the secrets: the names of those found. */
export function secretsIn(texts: string[]): string[] {
  return SECRETS.filter((secret) => texts.some((text) => text.includes(secret)));
}

/** Scans like secretsIn and leaves the figures of the scan in .reports/. */
export function scanForReport(
  report: string,
  title: string,
  texts: string[],
  figures: Figures = {},
): string[] {
  const found = secretsIn(texts);
  writeReport(report, title, {
    ...figures,
    'texts scanned (n8n output, logs, database files)': texts.length,
    'MB scanned': Number((texts.reduce((sum, text) => sum + text.length, 0) / 1e6).toFixed(1)),
    'secrets found': found.length,
  });
  return found;
}
