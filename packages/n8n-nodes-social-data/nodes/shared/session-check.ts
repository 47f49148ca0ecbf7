import { createRedactor, normalizeCookie, normalizeProxy } from '@social-data/core';
import type {
  ICredentialsDecrypted,
  ICredentialTestFunctions,
  INodeCredentialTestResult,
} from 'n8n-workflow';

/**
 * The session credential's test, for every node that declares the credential (`testedBy`). The
 * session is only usable with an API key from the other credential, so this checks what can be
 * checked alone: both values are present and the proxy is a URL the API accepts. The API itself
 * judges the session on first use.
 */
export async function socialDataSessionTest(
  this: ICredentialTestFunctions,
  credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
  const { cookie, proxy } = (credential.data ?? {}) as { cookie?: string; proxy?: string };
  try {
    normalizeCookie(cookie);
    normalizeProxy(proxy);
    return { status: 'OK', message: 'The cookie and proxy are well formed.' };
  } catch (error) {
    const redact = createRedactor({ cookie, proxy });
    return { status: 'Error', message: redact(error instanceof Error ? error.message : String(error)) };
  }
}
