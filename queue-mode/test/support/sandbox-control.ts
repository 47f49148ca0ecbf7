import { accountId } from '@social-data/sandbox';

/** New tweets and followers in a sandbox between polls, through its control API. */
export class SandboxControl {
  // Account numbers far above the well-known ones, so a new follower never follows already.
  private nextStranger = 1_700_000;

  constructor(private readonly url: string) {}

  /** `count` new followers of `owner`, oldest first; returns their ids. */
  async follow(owner: string, count: number): Promise<string[]> {
    const accounts = Array.from({ length: count }, () => accountId((this.nextStranger += 1)));
    for (const account of accounts)
      await this.post('/groups', { role: 'followers', owner, account, action: 'join' });
    return accounts;
  }

  /** `count` new tweets by `userName`, oldest first; returns their ids. */
  async tweet(userName: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1)
      ids.push(String((await this.post('/tweets', { userName })).id));
    return ids;
  }

  private async post(path: string, body: object): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.url}/_sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as {
      status: string;
      msg?: string;
      data: Record<string, unknown>;
    };
    if (envelope.status !== 'success') throw new Error(`sandbox control ${path}: ${envelope.msg}`);
    return envelope.data;
  }
}
