import { get } from 'node:http';

import { SandboxControl, startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';
import { prepareBinaryData } from 'n8n-core/dist/execution-engine/node-execution-context/utils/binary-helper-functions';
import type { IDataObject, INode, IPollFunctions } from 'n8n-workflow';

import { API_KEY, COOKIE, PROXY } from './api';

export interface PollHarness {
  context: IPollFunctions;
  /** The workflow's static data for the node, kept across polls as n8n keeps it. */
  staticData: IDataObject;
  warnings: string[];
  requests: string[];
  /** Requests made without the credential, through `httpRequest` (the media downloads). */
  plainRequests: { url: string; headers: Record<string, string> }[];
}

interface Credentials {
  socialDataApi: { apiKey: string; baseUrl: string; cookie?: string; proxy?: string };
}

/** A sandbox on loopback with its control API, and the credential a trigger polls it with. */
export async function sandboxForPolls(): Promise<{
  sandbox: Sandbox;
  control: SandboxControl;
  credentials: Credentials;
}> {
  const sandbox = await startSandbox({ keys: [API_KEY], control: true });
  return {
    sandbox,
    control: new SandboxControl(sandbox.url),
    credentials: { socialDataApi: { apiKey: API_KEY, baseUrl: sandbox.url, cookie: COOKIE, proxy: PROXY } },
  };
}

const node = { name: 'Social Data Trigger', type: 'n8n-nodes-social-data.socialDataTrigger' } as INode;

/**
 * The slice of IPollFunctions the trigger uses. Requests go over loopback to a real sandbox, with
 * the API key added the way n8n's `httpRequestWithAuthentication` adds a generic header credential.
 */
export function pollContext(
  parameters: Record<string, unknown>,
  credentials: Credentials,
  {
    mode = 'trigger',
    staticData = {},
    sessionId,
    workflowId = 'test-workflow',
    pollBudgetMs,
  }: {
    mode?: 'trigger' | 'manual';
    staticData?: IDataObject;
    sessionId?: string;
    workflowId?: string;
    /** What n8n 2.41's `getPollBudgetMs` says; undefined: an n8n without it. */
    pollBudgetMs?: number;
  } = {},
): PollHarness {
  const harness: PollHarness = {
    context: undefined as never,
    staticData,
    warnings: [],
    requests: [],
    plainRequests: [],
  };
  harness.context = {
    getNode: () =>
      sessionId ? { ...node, credentials: { socialDataApi: { id: sessionId, name: sessionId } } } : node,
    getWorkflow: () => ({ id: workflowId, name: 'Trigger test', active: true }),
    getMode: () => mode,
    ...(pollBudgetMs === undefined ? {} : { getPollBudgetMs: () => pollBudgetMs }),
    getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
    getWorkflowStaticData: () => staticData,
    getCredentials: async (type: keyof Credentials) => {
      const found = credentials[type];
      if (!found) throw new Error(`Node does not have any credentials set for "${type}"`);
      return found;
    },
    logger: { warn: (message: string) => harness.warnings.push(message) },
    helpers: {
      // n8n's own binary helper, storing in its default mode; and a plain GET answering with the
      // response stream, as n8n's `httpRequest` does with `encoding: 'stream'`.
      prepareBinaryData: (data: Buffer, filePath?: string, mimeType?: string) =>
        prepareBinaryData(data, 'test-execution', 'test-workflow', filePath, mimeType),
      httpRequest: async (options: { url: string; headers: Record<string, string>; timeout?: number }) => {
        harness.plainRequests.push({ url: options.url, headers: options.headers });
        return await new Promise((resolve, reject) => {
          get(options.url, { headers: options.headers, timeout: options.timeout }, (response) =>
            resolve({ statusCode: response.statusCode, headers: response.headers, body: response }),
          ).on('error', reject);
        });
      },
      httpRequestWithAuthentication: async (
        _type: string,
        options: {
          method: string;
          url: string;
          headers: Record<string, string>;
          body?: string;
          timeout?: number;
          abortSignal?: AbortSignal;
        },
      ) => {
        harness.requests.push(`${options.method} ${new URL(options.url).pathname}`);
        // As n8n's helper does: its timeout, and the caller's signal (core's deadline) both end it.
        const timeout = AbortSignal.timeout(options.timeout ?? 10_000);
        const response = await fetch(options.url, {
          method: options.method,
          headers: { ...options.headers, 'X-API-Key': credentials.socialDataApi.apiKey },
          body: options.body ?? null,
          signal: options.abortSignal ? AbortSignal.any([timeout, options.abortSignal]) : timeout,
        });
        return {
          statusCode: response.status,
          headers: Object.fromEntries(response.headers),
          body: await response.text(),
        };
      },
    },
  } as unknown as IPollFunctions;
  return harness;
}
