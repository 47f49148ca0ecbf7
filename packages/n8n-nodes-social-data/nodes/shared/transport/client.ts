import { SocialDataClient, catalog } from '@social-data/core';
import type { EndpointId, RequestGate } from '@social-data/core';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { API_CREDENTIAL, missingSession } from '../credential';
import type { ApiCredential } from '../credential';
import { n8nTransport } from './n8nTransport';
import type { NodeContext } from './n8nTransport';

/**
 * A client for one operation, built from the credential. Only own-session operations use its
 * cookie and proxy, and they stop here, before any request, when either is missing: `neededBy`
 * names the operation or event as the panel shows it, so the message says what needs them.
 */
export async function clientFor(
  context: NodeContext,
  operation: EndpointId,
  neededBy: string,
  itemIndex?: number,
  gate?: RequestGate,
  /** When a trigger's poll must be over (n8n's poll budget): no request runs past it. */
  deadline?: number,
): Promise<SocialDataClient> {
  const data = await context.getCredentials(API_CREDENTIAL, itemIndex);
  const credential = data as ApiCredential;
  const session = catalog[operation].mode === 'session';
  const missing = session ? missingSession(credential, neededBy) : undefined;
  if (missing) {
    throw new NodeOperationError(context.getNode(), missing, {
      ...(itemIndex === undefined ? {} : { itemIndex }),
      description:
        'It acts as your own account, so it needs your session. Open the credential selected under "Credential to connect with", fill in Session Cookie and Proxy URL, and save. Operations on public data work without them.',
    });
  }
  return new SocialDataClient({
    apiKey: credential.apiKey ?? '',
    baseUrl: credential.baseUrl ?? '',
    allowInsecureHttp: credential.allowInsecureHttp,
    cookie: session ? credential.cookie : undefined,
    proxy: session ? credential.proxy : undefined,
    transport: n8nTransport(context, data),
    sleep,
    gate,
    deadline,
    // n8n's Stop button: ends a retry wait (a Retry-After of up to a minute) and a request in
    // flight at once. A poll has none: deactivating a workflow lets a running poll finish.
    signal: 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined,
  });
}
