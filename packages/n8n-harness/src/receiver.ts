import { createServer } from 'node:http';

export interface Received {
  node: string;
  id: string;
}

/**
 * A loopback HTTP endpoint that keeps every `{ node, id }` a workflow's `postItems` node posts to
 * it, in arrival order: how a test sees what a trigger's executions emitted as they finish.
 */
export class Receiver {
  readonly received: Received[] = [];
  url = '';
  /** While set, posts are kept but not answered, so the executions sending them stay running. */
  private held: Array<() => void> | undefined;
  private readonly server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      this.received.push(JSON.parse(body) as Received);
      // Each post on a connection of its own: a sender that kept it (n8n's HTTP Request node pools
      // sockets) could write its next post as this server closes it for idleness, and that post
      // fails with ECONNRESET, failing the execution whose items the test waits for (CI run 31).
      const answer = () =>
        response
          .writeHead(200, { 'content-type': 'application/json', connection: 'close' })
          .end('{"ok":true}');
      if (this.held) this.held.push(answer);
      else answer();
    });
  });

  hold(): void {
    this.held ??= [];
  }

  /** Answers what was held (a sender that is gone is not waiting any more) and answers at once again. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const answer of held) answer();
  }

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as { port: number };
    receiver.url = `http://127.0.0.1:${port}/received`;
    return receiver;
  }

  /** The ids `node` emitted so far. */
  from(node: string): string[] {
    return this.received.filter((item) => item.node === node).map((item) => item.id);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
