/**
 * n8n's own end-to-end test mode, which n8n's Playwright suite runs in. The registry suite uses
 * it for one thing: its licence stand-in (`PATCH /rest/e2e/feature`) grants the one feature that
 * lets n8n's installer use a registry other than the public npm registry. It changes more than
 * that (decision P8): a throwaway n8n on loopback only.
 */
export const E2E_MODE = { E2E_TESTS: 'true' };

/** The licence feature n8n's installer asks for before it uses N8N_COMMUNITY_PACKAGES_REGISTRY. */
export const CUSTOM_REGISTRY_FEATURE = 'feat:communityNodes:customRegistry';

/** Turns a licence feature on in an n8n started with E2E_MODE; the endpoint needs no login. */
export async function enableLicenceFeature(n8nUrl: string, feature: string): Promise<void> {
  const response = await fetch(`${n8nUrl}/rest/e2e/feature`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ feature, enabled: true }),
  });
  if (!response.ok)
    throw new Error(`n8n refused licence feature ${feature}: ${response.status} ${await response.text()}`);
}
