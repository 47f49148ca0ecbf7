import { DEFAULT_MAX_RESPONSE_BYTES, readCapped } from '@social-data/core';
import type { Body, Transport } from '@social-data/core';
import type {
  ICredentialDataDecryptedObject,
  IExecuteFunctions,
  IHttpRequestOptions,
  IPollFunctions,
} from 'n8n-workflow';

import { API_CREDENTIAL } from '../credential';
import { noteStreamClass } from './stream-class';

/**
 * The node contexts that make requests: the action node's run and the trigger's poll. Not core's
 * RequestContext, which is what one request of the client carries.
 */
export type NodeContext = IExecuteFunctions | IPollFunctions;

interface FullResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * Core's transport seam on n8n's HTTP helper. n8n adds the API key from the credential (so it
 * shows in n8n's own request handling as a credential, not a header we set) and returns every
 * status instead of throwing. It follows no redirect (core refuses a 3xx), and the answer comes
 * as a stream, decompressed, that is read here up to the size cap: n8n's helper would otherwise
 * buffer any size (its axios `maxContentLength` is fixed at no limit).
 */
export function n8nTransport(context: NodeContext, credential: ICredentialDataDecryptedObject): Transport {
  // The credential the client was built from, handed back with every request: n8n would otherwise
  // read it from its database and decrypt it again for each page (3.4% of a Return All in n8n 1.x).
  const selected = context.getNode().credentials?.[API_CREDENTIAL];
  const credentialsDecrypted = {
    id: selected?.id ?? '',
    name: selected?.name ?? '',
    type: API_CREDENTIAL,
    data: credential,
  };
  return async (request) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'x-api-key'),
    );
    const options: IHttpRequestOptions = {
      method: request.method,
      url: request.url,
      headers,
      timeout: request.timeoutMs,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
      disableFollowRedirect: true,
      sendCredentialsOnCrossOriginRedirect: false,
      encoding: 'stream',
      json: false,
    };
    if (request.body !== undefined) options.body = request.body;
    if (request.signal) options.abortSignal = request.signal;
    const response = (await context.helpers.httpRequestWithAuthentication.call(
      context,
      API_CREDENTIAL,
      options,
      { credentialsDecrypted },
    )) as FullResponse;
    noteStreamClass(response.body);
    const body = await readCapped(
      response.body as Body,
      request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    );
    return { status: response.statusCode, headers: response.headers, body };
  };
}
