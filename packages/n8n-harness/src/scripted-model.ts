import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message of an OpenAI chat-completions request, as n8n's OpenAI Chat Model sends it. */
export interface ChatMessage {
  role: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  stream?: boolean;
}

/** What the model answers: tool calls, or a final text. */
export type ModelAnswer = { toolCalls: Array<{ name: string; arguments: unknown }> } | { content: string };

/**
 * The script: the answer to a request, given it and the tool results the model was sent so far
 * (in order). Retries of one request see the same results, so they get the same answer.
 */
export type ModelScript = (request: ChatRequest, toolResults: ToolResult[]) => ModelAnswer;

/** A tool result the model read: the tool called, the arguments it was called with, the text. */
export interface ToolResult {
  name: string;
  arguments: unknown;
  content: string;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((part) => (typeof part === 'string' ? part : String(part?.text ?? ''))).join('');
  return JSON.stringify(content ?? '');
}

/** The tool results in a request's messages, each paired with the call that asked for it. */
export function toolResultsOf(request: ChatRequest): ToolResult[] {
  const calls = new Map<string, { name: string; arguments: unknown }>();
  const results: ToolResult[] = [];
  for (const message of request.messages) {
    for (const call of message.tool_calls ?? [])
      calls.set(call.id, {
        name: call.function.name,
        arguments: JSON.parse(call.function.arguments || '{}'),
      });
    if (message.role === 'tool') {
      const call = calls.get(message.tool_call_id ?? '') ?? { name: '?', arguments: undefined };
      results.push({ ...call, content: textOf(message.content) });
    }
  }
  return results;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * A stand-in for OpenAI's chat-completions API on 127.0.0.1, answering from a script, so an n8n
 * AI Agent runs for real without a model: n8n's OpenAI credential points its Base URL here.
 * Answers as JSON, or as server-sent events when the request streams. Keeps every request.
 */
export class ScriptedModel {
  readonly requests: ChatRequest[] = [];
  /** Why the script could not answer a request, for a test's failure message. */
  readonly failures: string[] = [];
  private calls = 0;

  private readonly server: Server = createServer((request, response) => {
    void this.answer(request, response);
  });
  /** The Base URL for n8n's OpenAI credential. */
  url = '';

  private constructor(private readonly script: ModelScript) {}

  static async start(script: ModelScript): Promise<ScriptedModel> {
    const model = new ScriptedModel(script);
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    const { port } = model.server.address() as AddressInfo;
    model.url = `http://127.0.0.1:${port}/v1`;
    return model;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse) {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `no ${request.method} ${request.url} here` } }));
      return;
    }
    let chat: ChatRequest;
    let answer: ModelAnswer;
    try {
      chat = JSON.parse(await readBody(request)) as ChatRequest;
      this.requests.push(chat);
      answer = this.script(chat, toolResultsOf(chat));
    } catch (error) {
      this.failures.push((error as Error).stack ?? String(error));
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `script failed: ${(error as Error).message}` } }));
      return;
    }
    this.calls += 1;
    const id = `chatcmpl-scripted-${this.calls}`;
    const toolCalls =
      'toolCalls' in answer
        ? answer.toolCalls.map((call, index) => ({
            id: `call_${this.calls}_${index}`,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          }))
        : undefined;
    const message = toolCalls
      ? { role: 'assistant', content: null, tool_calls: toolCalls }
      : { role: 'assistant', content: (answer as { content: string }).content };
    const finish = toolCalls ? 'tool_calls' : 'stop';
    const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
    const base = { id, created: Math.floor(Date.now() / 1000), model: chat.model };
    if (!chat.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message, finish_reason: finish }],
          usage,
        }),
      );
      return;
    }
    // A streamed tool call's chunks carry the index of each call.
    const delta = toolCalls
      ? { ...message, tool_calls: toolCalls.map((call, index) => ({ index, ...call })) }
      : message;
    const chunk = (body: object) =>
      `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...body })}\n\n`;
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(chunk({ choices: [{ index: 0, delta, finish_reason: null }] }));
    response.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: finish }], usage }));
    response.end('data: [DONE]\n\n');
  }
}
