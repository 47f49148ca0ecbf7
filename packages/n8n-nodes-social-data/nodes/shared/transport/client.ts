import { SocialDataClient, catalog } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { API_CREDENTIAL, n8nTransport } from './n8nTransport';
import type { NodeContext } from './n8nTransport';

const SESSION_CREDENTIAL = 'socialDataSession';

interface ApiCredential {
  apiKey?: string;
  baseUrl?: string;
  allowInsecureHttp?: boolean;
}

interface SessionCredential {
  cookie?: string;
  proxy?: string;
}

/**
 * A client for one operation, built from the node's credentials. The session credential is read
 * only for own-session operations, so pool operations never ask for it.
 */
export async function clientFor(
  context: NodeContext,
  operation: EndpointId,
  itemIndex?: number,
): Promise<SocialDataClient> {
  const api = (await context.getCredentials(API_CREDENTIAL, itemIndex)) as ApiCredential;
  const session = catalog[operation].mode === 'session' ? await sessionCredential(context, itemIndex) : {};
  return new SocialDataClient({
    apiKey: api.apiKey ?? '',
    baseUrl: api.baseUrl ?? '',
    allowInsecureHttp: api.allowInsecureHttp,
    cookie: session.cookie,
    proxy: session.proxy,
    transport: n8nTransport(context),
    sleep,
    // n8n's Stop button: ends a retry wait (a Retry-After of up to a minute) and a request in
    // flight at once. A poll has none: deactivating a workflow lets a running poll finish.
    signal: 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined,
  });
}

async function sessionCredential(
  context: NodeContext,
  itemIndex: number | undefined,
): Promise<SessionCredential> {
  try {
    return (await context.getCredentials(SESSION_CREDENTIAL, itemIndex)) as SessionCredential;
  } catch (error) {
    throw new NodeOperationError(context.getNode(), 'This operation needs a Social Data Session credential', {
      ...(itemIndex === undefined ? {} : { itemIndex }),
      description:
        'It acts as your own account, so it needs your session cookie and proxy. In the node, under Credential for Social Data Session, create or pick one. The cause was: ' +
        (error instanceof Error ? error.message : String(error)),
    });
  }
}
