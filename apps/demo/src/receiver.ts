import { createServer } from 'node:http';

export interface SlackMessage {
  text: string;
}

/**
 * Stands in for a Slack incoming webhook on loopback: takes `{ text }` as JSON and answers
 * `ok` as Slack does, keeping every message it got.
 */
export async function startSlackReceiver(): Promise<{
  url: string;
  messages: SlackMessage[];
  close(): Promise<void>;
}> {
  const messages: SlackMessage[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      try {
        const message = JSON.parse(body) as SlackMessage;
        if (typeof message.text !== 'string' || !message.text) throw new Error('no text');
        messages.push(message);
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      } catch {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid_payload');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/services/demo`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
