import { SocialDataClient, catalog } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import { NodeOperationError, sleep } from 'n8n-workflow';
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

import { API_CREDENTIAL, n8nTransport } from './n8nTransport';

export const SESSION_CREDENTIAL = 'socialDataSession';

interface ApiCredential {
  apiKey?: string;
  baseUrl?: string;
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
  context: IExecuteFunctions | IPollFunctions,
  operation: EndpointId,
  itemIndex?: number,
): Promise<SocialDataClient> {
  const api = (await context.getCredentials(API_CREDENTIAL, itemIndex)) as ApiCredential;
  const session = catalog[operation].mode === 'session' ? await sessionCredential(context, itemIndex) : {};
  return new SocialDataClient({
    apiKey: api.apiKey ?? '',
    baseUrl: api.baseUrl ?? '',
    cookie: session.cookie,
    proxy: session.proxy,
    transport: n8nTransport(context),
    sleep,
  });
}

async function sessionCredential(
  context: IExecuteFunctions | IPollFunctions,
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
