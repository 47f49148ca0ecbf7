import { DEFAULT_OUTPUT_BUDGET, approximateTokens } from '@social-data/core/agent';
import { createClient } from '@social-data/core/node';
import type { Sandbox } from '@social-data/sandbox';
import {
  ScriptedModel,
  connections,
  manualTrigger,
  node,
  toolResultsOf,
  workflow,
  writeReport,
} from '@social-data/n8n-harness';
import type {
  ChatRequest,
  Execution,
  Figures,
  ModelScript,
  N8nInstance,
  ToolResult,
} from '@social-data/n8n-harness';

import { API_KEY, secretsIn } from './credentials';
import { startMcpServer } from './mcp-server';
import type { McpServer } from './mcp-server';
import { startSandboxedN8n, stopSandboxedN8n } from './sandboxed-n8n';

const API = { socialDataApi: { id: 'sdApiSandbox0001', name: 'Social Data (sandbox)' } };
const MODEL_CREDENTIAL = { id: 'sdScriptedModel1', name: 'Scripted model (loopback)' };
const PROMPT = 'Who is the X account social_data, and who follows it?';
/** A username no account can have: what a model that garbles its call sends. */
const BAD_USERNAME = 'not a user!';

/** The agent, its model (pointed at the scripted model) and the tools, wired as the editor wires them. */
function agentWorkflow(id: string, tools: Array<Record<string, unknown>>): Record<string, unknown> {
  const agent = node('Agent', '@n8n/n8n-nodes-langchain.agent', 3.1, [250, 0], {
    promptType: 'define',
    text: PROMPT,
    options: { maxIterations: 10 },
  });
  const model = node(
    'Model',
    '@n8n/n8n-nodes-langchain.lmChatOpenAi',
    1.2,
    [250, 250],
    { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} },
    { credentials: { openAiApi: MODEL_CREDENTIAL } },
  );
  const links = connections(['Start', 'Agent']);
  links.Model = { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] };
  for (const tool of tools)
    links[String(tool.name)] = { ai_tool: [[{ node: 'Agent', type: 'ai_tool', index: 0 }]] };
  return workflow(id, id, [manualTrigger(), agent, model, ...tools], links);
}

/**
 * The node as n8n offers it to agents, "Social Data Tool", its Username left to the model the
 * way n8n's "let the model define this parameter" button leaves it.
 */
const socialDataTool = (name: string, parameters: Record<string, unknown>) =>
  node(
    name,
    'n8n-nodes-social-data.socialDataTool',
    1,
    [500, 250],
    {
      userName: {
        __rl: true,
        mode: 'username',
        value: "={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('userName', ``, 'string') }}",
      },
      ...parameters,
    },
    { credentials: API },
  );

const NODE_WORKFLOW = agentWorkflow('sdAgentNodeTool1', [
  socialDataTool('Get User', { resource: 'user', operation: 'getUser' }),
  // A Limit the output budget ends first, so the model must continue with the cursor.
  socialDataTool('Get Followers', { resource: 'user', operation: 'getUserFollowers', limit: 200 }),
]);

const mcpWorkflow = (url: string) =>
  agentWorkflow('sdAgentMcpTool01', [
    node('Social Data MCP', '@n8n/n8n-nodes-langchain.mcpClientTool', 1.4, [500, 250], {
      endpointUrl: url,
      serverTransport: 'httpStreamable',
      include: 'all',
      options: {},
    }),
  ]);

/**
 * The tool's own output inside what the model read: n8n hands the model a node's items as a JSON
 * array, an MCP tool's content blocks as `[{"response": [{"type": "text", "text": …}]}]`, and an
 * MCP error result (MCP Client Tool 1.4 throws it) as `[{"error": "<its text>"}]`.
 */
function outputOf(content: string): string {
  type Wrapped = { response?: Array<{ text?: unknown }>; error?: unknown };
  const read = JSON.parse(content) as Wrapped | Wrapped[];
  const first = Array.isArray(read) ? read[0] : read;
  const text = first?.response?.[0]?.text ?? first?.error;
  return typeof text === 'string' ? text : JSON.stringify(first);
}

const payloadOf = (content: string) => JSON.parse(outputOf(content)) as Record<string, unknown>;

interface Tools {
  user: string;
  followers: string;
  /** What the followers call adds: the node's Limit is set in its panel, an MCP tool's by the model. */
  paging: Record<string, unknown>;
  /** The account's argument: the node's field (`userName`), or the MCP tool's (`user_name`). */
  account: string;
}

/**
 * The model's script, the same for both runs: read the account, read its followers (cut by the
 * output budget), continue them with the cursor it got, garble a call, then answer from what the
 * tools returned, so the answer holds what only the sandbox knew.
 */
function scriptFor(tools: (request: ChatRequest) => Tools): ModelScript {
  return (request, results) => {
    const { user, followers, paging, account: arg } = tools(request);
    const out = results.map((result) => payloadOf(result.content));
    switch (results.length) {
      case 0:
        return { toolCalls: [{ name: user, arguments: { [arg]: 'social_data' } }] };
      case 1:
        return { toolCalls: [{ name: followers, arguments: { [arg]: 'social_data', ...paging } }] };
      case 2: {
        const cursor = out[1]?.next_cursor;
        return {
          toolCalls: [{ name: followers, arguments: { [arg]: 'social_data', ...paging, cursor } }],
        };
      }
      case 3:
        return { toolCalls: [{ name: user, arguments: { [arg]: BAD_USERNAME } }] };
      default: {
        const account = out[0]?.record as { id: string; followers: number };
        const first = (out[1]?.records as Array<{ userName: string }>)[0]!;
        const next = (out[2]?.records as Array<{ userName: string }>)[0]!;
        const error = out[3]?.error as { message: string };
        return {
          content: `social_data has id ${account.id} and ${account.followers} followers; the first is @${first.userName}, the next page starts at @${next.userName}. My garbled call was refused: ${error.message}`,
        };
      }
    }
  };
}

const toolNames = (request: ChatRequest) => (request.tools ?? []).map((tool) => tool.function.name);

/** The tool names a request offered, the node's (n8n names them after the nodes) or the MCP server's. */
function offered(request: ChatRequest): Tools {
  const names = toolNames(request);
  if (names.includes('Get_User'))
    return { user: 'Get_User', followers: 'Get_Followers', paging: {}, account: 'userName' };
  const find = (suffix: string) => names.find((name) => name === suffix || name.endsWith(`_${suffix}`));
  return {
    user: find('get_user') ?? 'get_user',
    followers: find('get_user_followers') ?? 'get_user_followers',
    paging: { limit: 200 },
    account: 'user_name',
  };
}

interface Truth {
  id: string;
  followers: number;
  first: string;
}

/**
 * Issue 22 in real n8n 2.x: an AI Agent whose model is a scripted OpenAI-compatible server, with
 * the Social Data node as its tool, then with n8n's MCP Client Tool on our MCP server.
 */
export function agentsSuite(line: 2): void {
  describe(`real n8n ${line}.x AI Agents with Social Data tools`, () => {
    let sandbox: Sandbox;
    let n8n: N8nInstance;
    let model: ScriptedModel;
    let mcp: McpServer;
    let truth: Truth;
    const figures: Figures = {};
    const texts: string[] = [];

    beforeAll(async () => {
      model = await ScriptedModel.start(scriptFor(offered));
      ({ sandbox, n8n } = await startSandboxedN8n(line, 'n8n-agents'));
      mcp = await startMcpServer(sandbox.url, API_KEY);
      await n8n.importCredentials([
        { ...MODEL_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'sk-scripted-model', url: model.url } },
      ]);
      await n8n.importWorkflow(NODE_WORKFLOW, mcpWorkflow(mcp.url));
      const client = createClient({ apiKey: API_KEY, baseUrl: sandbox.url, allowInsecureHttp: true });
      const account = (await client.callUntyped('getUser', { userName: 'social_data' })) as {
        id: string;
        followers: number;
      };
      let first = '';
      for await (const follower of client.paginateUntyped(
        'getUserFollowers',
        { userName: 'social_data' },
        { limit: 1 },
      ))
        first = (follower as { userName: string }).userName;
      truth = { id: account.id, followers: account.followers, first };
    }, 900_000);

    afterAll(async () => {
      texts.push(...(n8n ? [...n8n.transcript, ...n8n.storedFiles()] : []), mcp?.stderr() ?? '');
      texts.push(JSON.stringify(model?.requests ?? []));
      const found = secretsIn(texts);
      writeReport(
        `n8n-${line}-agents`,
        `Issue 22: AI Agent runs in real n8n ${line}.x (what the model saw)`,
        {
          ...figures,
          'output budget (characters)': DEFAULT_OUTPUT_BUDGET,
          'texts scanned (n8n output, logs, database, MCP server log, model requests)': texts.length,
          'secrets found': found.length,
        },
      );
      await mcp?.close();
      await model?.close();
      await stopSandboxedN8n({ sandbox, n8n });
      expect(found).toEqual([]);
    });

    /** Runs the workflow and returns the tool results the model was sent, in order. */
    const runAgent = async (
      id: string,
      label: string,
    ): Promise<{ execution: Execution; results: ToolResult[] }> => {
      sandbox.stats.reset();
      const before = model.requests.length;
      const execution = await n8n.execute(id);
      texts.push(execution.output);
      // On failure, the end of what n8n printed says why.
      const failure = execution.succeeded
        ? ''
        : `${model.failures.join('\n')}\n${JSON.stringify(toolResultsOf(model.requests.at(-1)!)).slice(0, 3000)}`;
      expect({ id, error: execution.error, failure }).toEqual({ id, error: undefined, failure: '' });
      const requests = model.requests.slice(before);
      const last = requests.at(-1)!;
      const results = toolResultsOf(last);
      figures[`${label}: tools offered`] = toolNames(requests[0]!).join(', ');
      figures[`${label}: model requests`] = requests.length;
      results.forEach((result, index) => {
        const at = `${label}: output ${index + 1} (${result.name})`;
        figures[`${at}, characters the tool returned`] = outputOf(result.content).length;
        figures[`${at}, characters the model read`] = result.content.length;
        figures[`${at}, ~tokens the model read`] = approximateTokens(result.content);
      });
      return { execution, results };
    };

    const expectTheRun = (results: ToolResult[], execution: Execution, tools: Tools) => {
      const cursor = payloadOf(results[1]!.content).next_cursor;
      expect(cursor).toMatch(/^sd1\./);
      // n8n echoes each call back to the model with its id, and an MCP tool's name as `tool`.
      const called = results.map(({ name, arguments: args }) => {
        const { id, tool, ...scripted } = args as Record<string, unknown>;
        expect({ id, tool }).toEqual({
          id: expect.stringMatching(/^call_/),
          tool: tool === undefined ? undefined : name,
        });
        return [name, scripted];
      });
      expect(called).toEqual([
        [tools.user, { [tools.account]: 'social_data' }],
        [tools.followers, { [tools.account]: 'social_data', ...tools.paging }],
        [tools.followers, { [tools.account]: 'social_data', ...tools.paging, cursor }],
        [tools.user, { [tools.account]: BAD_USERNAME }],
      ]);
      // What the model read, n8n's wrapping around the tool's output included, is inside the budget.
      for (const result of results) expect(result.content.length).toBeLessThanOrEqual(DEFAULT_OUTPUT_BUDGET);
      const [account, page, next, refused] = results.map((result) => payloadOf(result.content));
      expect(account?.record).toMatchObject({
        id: truth.id,
        userName: 'social_data',
        followers: truth.followers,
      });
      // The budget ended the first read of followers short of its 200, and the cursor went on from there.
      expect(page?.summary).toMatch(/output size budget \(\d+ characters\) ended this call/);
      const firstIds = (page?.records as Array<{ id: string }>).map((user) => user.id);
      const nextIds = (next?.records as Array<{ id: string }>).map((user) => user.id);
      expect(firstIds.length).toBeLessThan(200);
      expect(new Set([...firstIds, ...nextIds]).size).toBe(firstIds.length + nextIds.length);
      expect({ refused: outputOf(results[3]!.content), error: refused?.error }).toMatchObject({
        error: {
          type: 'ValidationError',
          field: tools.account,
          hint: expect.any(String),
        },
      });
      const answer = String(execution.items('Agent')[0]?.json.output);
      expect(answer).toContain(
        `id ${truth.id} and ${truth.followers} followers; the first is @${truth.first}`,
      );
      expect(answer).toContain('My garbled call was refused');
      // Two reads of the account, of which the garbled one never left: only the first reached the API.
      expect(sandbox.stats.byEndpoint.getUser).toBe(1);
      expect(sandbox.stats.byEndpoint.getUserFollowers).toBeGreaterThanOrEqual(2);
    };

    it('runs the node as the agent’s tool: scripted calls, sandbox values in the answer, a usable error', async () => {
      const { execution, results } = await runAgent('sdAgentNodeTool1', 'node as tool');
      const [first] = model.requests.filter((request) => toolNames(request).includes('Get_User'));
      const schema = (name: string) => first!.tools!.find((tool) => tool.function.name === name)!.function;
      expect(schema('Get_User').parameters).toMatchObject({ required: ['userName'] });
      expect(schema('Get_Followers').parameters).toMatchObject({
        properties: { userName: expect.any(Object), cursor: expect.any(Object) },
        required: ['userName'],
      });
      expect(schema('Get_Followers').description).toMatch(/next_cursor/);
      expectTheRun(results, execution, offered(first!));
      expect(payloadOf(results[1]!.content).summary).toMatch(/call Get_Followers again/);
    }, 600_000);

    it('runs n8n’s MCP Client Tool on our MCP server over Streamable HTTP, with the same checks', async () => {
      const { execution, results } = await runAgent('sdAgentMcpTool01', 'MCP Client Tool');
      const tools = offered(model.requests.at(-1)!);
      expect(toolNames(model.requests.at(-1)!)).toHaveLength(21);
      expectTheRun(results, execution, tools);
    }, 600_000);
  });
}
