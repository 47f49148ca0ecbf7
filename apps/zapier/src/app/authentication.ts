import { SETTING_FIELDS } from '@social-data/core';
import type { SettingField } from '@social-data/core';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { step } from './step';

/** A setting as the connection form shows it: secrets as password fields, which Zapier censors. */
function connectionField(field: SettingField) {
  return {
    key: field.name,
    label: field.label,
    type: field.secret
      ? ('password' as const)
      : field.kind === 'boolean'
        ? ('boolean' as const)
        : ('string' as const),
    required: field.required,
    helpText: field.description,
    ...(field.example ? { placeholder: field.example } : {}),
    ...(field.kind === 'boolean' ? { default: 'false' } : {}),
  };
}

/**
 * The connection: the API key and base URL, and the session cookie and proxy for own-session
 * steps. Secrets are password fields; Zapier censors authData in its logs, and core redacts
 * them from every error.
 */
export const authentication = {
  type: 'custom' as const,
  fields: SETTING_FIELDS.map(connectionField),
  // There is no "who am I" endpoint: looking up one public tweet answers for any valid key.
  test: step('the connection test', async (client, bundle) => {
    await client.call('lookupTweets', { tweet_ids: '20' });
    return { label: `Social Data (${new URL(String(bundle.authData.baseUrl).trim()).host})` };
  }),
  connectionLabel: async (_z: ZObject, bundle: Bundle) => String(bundle.inputData.label ?? 'Social Data'),
};
