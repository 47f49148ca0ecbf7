import { SETTING_LABELS } from '@social-data/core';

/**
 * The one credential both nodes use, as the editor shows it: messages name its fields with
 * these labels so a user finds them in the credential's form.
 */
export const API_CREDENTIAL = 'socialDataApi';

export const CREDENTIAL_TITLE = 'Social Data API';

export interface ApiCredential {
  apiKey?: string;
  baseUrl?: string;
  allowInsecureHttp?: boolean;
  cookie?: string;
  proxy?: string;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * What an own-session operation lacks from the credential, as a sentence in the editor's words,
 * or undefined when both session fields are filled. Never echoes a value.
 */
export function missingSession(credential: ApiCredential, neededBy: string): string | undefined {
  const missing = (['cookie', 'proxy'] as const).filter((field) => isEmpty(credential[field]));
  if (missing.length === 0) return undefined;
  const fields = missing.map((field) => `the ${SETTING_LABELS[field]}`).join(' and ');
  return `Add ${fields} in the "${CREDENTIAL_TITLE}" credential (needed by ${neededBy})`;
}
