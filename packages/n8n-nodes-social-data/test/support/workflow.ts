import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';
import type {
  ICredentialDataDecryptedObject,
  IDataObject,
  IHttpRequestOptions,
  INode,
  INodeCredentialsDetails,
  INodeExecutionData,
  INodeParameters,
  INodeType,
  INodeTypes,
  IRun,
  ITriggerFunctions,
  ITriggerResponse,
  IWorkflowExecuteAdditionalData,
  IVersionedNodeType,
} from 'n8n-workflow';

import { SocialDataApi } from '../../credentials/SocialDataApi.credentials';
import { SocialData } from '../../nodes/SocialData/SocialData.node';

export const NODE_TYPE = 'n8n-nodes-social-data.socialData';
export const TOOL_TYPE = 'n8n-nodes-social-data.socialDataTool';

/** Stands in for n8n's Manual Trigger, so the tests need no n8n-nodes-base; emits the given items. */
function manualTrigger(input: IDataObject[]): INodeType {
  return {
    description: {
      displayName: 'Manual Trigger',
      name: 'manualTrigger',
      group: ['trigger'],
      version: 1,
      description: '',
      defaults: { name: 'Start' },
      inputs: [],
      outputs: ['main'],
      properties: [],
    } as unknown as INodeType['description'],
    async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
      return { manualTriggerFunction: async () => this.emit([input.map((json) => ({ json }))]) };
    },
  };
}

/**
 * The node as n8n wraps a `usableAsTool` node for agents (its convertNodeToAiTool): "Tool" added
 * to its name, which shows the fields only a tool has. It keeps a main input here, so a Manual
 * Trigger can hand it what the model would: `$fromAI` reads the input item's JSON.
 */
function asTool(node: SocialData): INodeType {
  return {
    description: { ...node.description, name: `${node.description.name}Tool` },
    execute: node.execute,
  };
}

function nodeTypesFor(input: IDataObject[]): INodeTypes {
  const types: Record<string, INodeType> = {
    'test.manualTrigger': manualTrigger(input),
    [NODE_TYPE]: new SocialData(),
    [TOOL_TYPE]: asTool(new SocialData()),
  };
  return {
    getByName: (type: string) => types[type] as INodeType | IVersionedNodeType,
    getByNameAndVersion: (type: string, version?: number) =>
      NodeHelpers.getVersionedNodeType(types[type] as INodeType, version),
    getKnownTypes: () => ({}),
  } as INodeTypes;
}

export interface Credentials {
  socialDataApi?: ICredentialDataDecryptedObject;
}

/** Applies the API credential's `authenticate` as n8n's own helper does. */
class CredentialsHelper extends ICredentialsHelper {
  constructor(private readonly credentials: Credentials) {
    super();
  }

  async authenticate(
    credentials: ICredentialDataDecryptedObject,
    typeName: string,
    requestOptions: IHttpRequestOptions,
  ): Promise<IHttpRequestOptions> {
    if (typeName !== 'socialDataApi') return requestOptions;
    return await new SocialDataApi().authenticate(credentials, requestOptions);
  }

  async getDecrypted(
    _additionalData: IWorkflowExecuteAdditionalData,
    _nodeCredentials: INodeCredentialsDetails,
    type: string,
  ): Promise<ICredentialDataDecryptedObject> {
    const data = this.credentials[type as keyof Credentials];
    if (!data) throw new Error(`no test credential of type ${type}`);
    return { ...data };
  }

  getParentTypes = () => [];
  preAuthentication = async () => undefined;
  runPreAuthentication = async () => undefined;
  getCredentials = async () => {
    throw new Error('not used');
  };
  updateCredentials = async () => undefined;
  updateCredentialsOauthTokenData = async () => undefined;
  getCredentialsProperties = () => [];
}

export interface NodeRun {
  items: INodeExecutionData[];
  errorItems: INodeExecutionData[];
  error: IDataObject | undefined;
  run: IRun;
}

/** The execution hints n8n shows in the Social Data node's output pane. */
export const hintsOf = (run: IRun): string[] =>
  (run.data.resultData.runData['Social Data']?.[0]?.hints ?? []).map((hint) => hint.message);

/**
 * Runs a Manual Trigger → Social Data workflow through n8n-core's execution engine, as n8n's
 * own node test harness does: real parameter resolution, real credential handling, real HTTP
 * helpers (which nock intercepts), no n8n server.
 */
export async function runNode(
  parameters: IDataObject,
  options: {
    credentials?: Credentials;
    /** The items the trigger emits (one empty item by default); parameters can read them with expressions. */
    input?: IDataObject[];
    continueOnFail?: boolean;
    /** "Continue (using error output)": failed items go to a second output. */
    errorOutput?: boolean;
    nodeCredentials?: string[];
    /** Runs it as an agent's tool (n8n's "Social Data Tool"). */
    asTool?: boolean;
    /** Presses n8n's Stop button (cancels the execution) once this resolves. */
    stopWhen?: Promise<unknown>;
  } = {},
): Promise<NodeRun> {
  const credentials = options.credentials ?? {};
  const nodeCredentials = Object.fromEntries(
    (options.nodeCredentials ?? Object.keys(credentials)).map((type) => [type, { id: type, name: type }]),
  );
  const socialData: INode = {
    id: 'social-data',
    name: 'Social Data',
    type: options.asTool ? TOOL_TYPE : NODE_TYPE,
    typeVersion: 1,
    position: [200, 0],
    parameters: parameters as INodeParameters,
    credentials: nodeCredentials,
    ...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
    ...(options.errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
  };
  const nodes: INode[] = [
    {
      id: 'start',
      name: 'Start',
      type: 'test.manualTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    },
    socialData,
  ];
  const connections = { Start: { main: [[{ node: 'Social Data', type: 'main' as const, index: 0 }]] } };
  const nodeTypes = nodeTypesFor(options.input ?? [{}]);
  const workflow = new Workflow({ id: 'test', nodes, connections, nodeTypes, settings: {}, active: false });
  const workflowData = { id: 'test', name: 'test', nodes, connections, active: false, settings: {} };
  const additionalData = {
    hooks: new ExecutionLifecycleHooks('manual', 'test-execution', workflowData as never),
    credentialsHelper: new CredentialsHelper(credentials),
    currentNodeExecutionIndex: 0,
    restartExecutionId: undefined,
    variables: {},
  } as unknown as IWorkflowExecuteAdditionalData;
  const running = new WorkflowExecute(additionalData, 'manual').run(workflow);
  void options.stopWhen?.then(() => running.cancel());
  const run = await running;
  const nodeRun = run.data.resultData.runData['Social Data']?.[0];
  return {
    items: nodeRun?.data?.main?.[0] ?? [],
    errorItems: nodeRun?.data?.main?.[1] ?? [],
    error: (nodeRun?.error ?? run.data.resultData.error) as IDataObject | undefined,
    run,
  };
}
