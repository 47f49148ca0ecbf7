import { parse } from 'csv-parse/sync';
import nock from 'nock';
import type { INodeExecutionData } from 'n8n-workflow';

import { api, apiCredential, leakedSecrets, ok, users } from '../../../support/api';
import { stopN8nTimers } from '../../../support/n8n-timers';
import { runNode } from '../../../support/workflow';

afterAll(stopN8nTimers);
afterEach(() => nock.cleanAll());

const credentials = { socialDataApi: apiCredential };
const byName = (value: string) => ({ __rl: true, mode: 'username', value });
const FOLLOWERS = '/social/user/social_data/followers';

/** 437 followers in three pages (200, 200, 37); `failAt` answers that page with a 402 instead. */
function followers(pages: Array<'c0' | 'c1' | 'c2'>, failAt?: 'c1' | 'c2', count?: string): nock.Scope {
  const scope = api();
  const body = { c0: users(0, 200), c1: users(200, 200), c2: users(400, 37) };
  const next = { c0: 'c1', c1: 'c2', c2: '0' };
  for (const page of pages) {
    const query = { ...(page === 'c0' ? {} : { cursor: page }), ...(count ? { count } : {}) };
    const request = scope.get(FOLLOWERS).query(query);
    if (page === failAt) request.reply(402, { status: 'error', message: 'Not enough credits' });
    else request.reply(200, ok({ followers: body[page], next_cursor: next[page] }));
  }
  return scope;
}

function fileText(item: INodeExecutionData | undefined, field = 'data'): string {
  return Buffer.from(item?.binary?.[field]?.data ?? '', 'base64').toString('utf8');
}

const idsOfCsv = (text: string) =>
  (parse(text, { columns: true }) as Array<Record<string, string>>).map((row) => row.id);

const toFile = (options: object, extra: object = { returnAll: true }) => ({
  resource: 'user',
  operation: 'getUserFollowers',
  userName: byName('social_data'),
  ...extra,
  options: { outputMode: 'file', ...options },
});

describe('Output "One File"', () => {
  it('writes every follower once into one CSV item, with no profile lookup before Return All', async () => {
    const scope = followers(['c0', 'c1', 'c2']);
    const { items, error, run } = await runNode(toFile({}), { credentials });
    expect(error).toBeUndefined();
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item!.json).toEqual({
      file_name: 'getUserFollowers.csv',
      format: 'csv',
      records: 437,
      pages: 3,
      bytes: Buffer.byteLength(fileText(item)),
      next_cursor: '',
      has_next_page: false,
      ended: 'end',
    });
    expect(item!.binary!.data).toMatchObject({ mimeType: 'text/csv', fileName: 'getUserFollowers.csv' });
    const ids = idsOfCsv(fileText(item));
    expect(ids).toEqual(users(0, 437).map((user) => user.id));
    // The Simplify columns, as Google Sheets and Extract From File read them.
    expect(fileText(item).split('\n')[0]).toMatch(/^id,userName,name,/);
    expect(leakedSecrets(run)).toEqual([]);
    scope.done();
  });

  it("adds the format's extension to a File Name typed without one, and keeps one that has it", async () => {
    for (const [typed, saved] of [
      ['my followers', 'my followers.csv'],
      ['followers.txt', 'followers.txt'],
      ['report.2026', 'report.2026.csv'],
    ]) {
      const scope = followers(['c0', 'c1', 'c2']);
      const { items } = await runNode(toFile({ fileName: typed }), { credentials });
      expect(items[0]!.json.file_name).toBe(saved);
      expect(items[0]!.binary!.data).toMatchObject({ fileName: saved });
      scope.done();
    }
  });

  it('stops after the page that reaches Limit, in JSON Lines, with the cursor of the next page', async () => {
    const scope = followers(['c0', 'c1'], undefined, '200');
    const { items } = await runNode(
      toFile(
        { fileFormat: 'jsonl', fileName: 'first.jsonl', binaryPropertyName: 'export', pageSize: 200 },
        { limit: 250 },
      ),
      { credentials },
    );
    expect(items[0]!.json).toMatchObject({ records: 400, pages: 2, next_cursor: 'c2', ended: 'limit' });
    const lines = fileText(items[0], 'export').trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(
      users(0, 400).map((user) => user.id),
    );
    expect(items[0]!.binary!.export).toMatchObject({
      fileName: 'first.jsonl',
      mimeType: 'application/x-ndjson',
    });
    scope.done();
  });

  it('with Continue On Fail, ends the file at a failed page, says why, and a Start Cursor run completes it', async () => {
    const first = followers(['c0', 'c1'], 'c1');
    const failed = await runNode(toFile({}), { credentials, continueOnFail: true });
    const item = failed.items[0]!;
    expect(item.json).toMatchObject({
      records: 200,
      pages: 1,
      next_cursor: 'c1',
      has_next_page: true,
      ended: 'failed',
    });
    expect(String(item.json.error)).toMatch(/credits/i);
    first.done();

    const rest = followers(['c1', 'c2']);
    const resumed = await runNode(toFile({ startCursor: item.json.next_cursor }), { credentials });
    expect(resumed.items[0]!.json).toMatchObject({ records: 237, ended: 'end', next_cursor: '' });
    const all = [...idsOfCsv(fileText(item)), ...idsOfCsv(fileText(resumed.items[0]))];
    expect(all).toEqual(users(0, 437).map((user) => user.id));
    rest.done();
  });

  it('writes only the File Fields, in their order, and says which of them the records lack', async () => {
    const scope = followers(['c0', 'c1', 'c2']);
    const { items, run } = await runNode(
      toFile({ fileFields: 'userName, id,,followers, no_such_field, id' }),
      {
        credentials,
      },
    );
    const [header, first] = fileText(items[0]).split('\n');
    expect(header).toBe('userName,id,followers,no_such_field');
    expect(first).toBe(`user_0,${users(0, 1)[0]!.id},0,`);
    const hints = run.data.resultData.runData['Social Data']?.[0]?.hints ?? [];
    expect(hints.map((hint) => hint.message)).toEqual([expect.stringMatching(/no field "no_such_field"/)]);
    scope.done();
  });

  it('without Continue On Fail, a failed page fails the node', async () => {
    const scope = followers(['c0', 'c1'], 'c1');
    const { items, error } = await runNode(toFile({}), { credentials });
    expect(items).toEqual([]);
    expect(String(error?.message)).toMatch(/credits/i);
    scope.done();
  });

  it('says so in the execution hints when n8n held a big file in memory (binary data mode "default")', async () => {
    // 1,000 followers of 20 KB each: a file of 19 MiB, past the 16 MiB that earns the hint.
    const big = (from: number) =>
      users(from, 200).map((user) => ({ ...user, description: 'x'.repeat(20_000) }));
    const scope = api();
    for (let page = 0; page < 5; page += 1)
      scope
        .get(FOLLOWERS)
        .query(page === 0 ? {} : { cursor: `p${page}` })
        .reply(200, ok({ followers: big(page * 200), next_cursor: page === 4 ? '0' : `p${page + 1}` }));
    const { items, run } = await runNode(toFile({ fileFormat: 'jsonl' }), { credentials });
    expect(items[0]!.json).toMatchObject({ records: 1_000, ended: 'end' });
    expect(items[0]!.binary!.data!.id).toBeUndefined();
    const hints = run.data.resultData.runData['Social Data']?.[0]?.hints ?? [];
    expect(hints.map((hint) => hint.message)).toEqual([
      expect.stringMatching(/^The file \(19 MB\) is held in memory.*N8N_DEFAULT_BINARY_DATA_MODE=filesystem/),
    ]);
    scope.done();
  });

  it('refuses Download Media and an unknown File Format before any request', async () => {
    const media = await runNode(
      { ...toFile({ downloadMedia: true }), operation: 'getUserTweets' },
      { credentials },
    );
    expect(media.error?.message).toBe('Download Media needs Output "One Item per Record"');
    expect(String(media.error?.description)).toMatch(/A file holds many tweets/);
    const format = await runNode(toFile({ fileFormat: 'xlsx' }), { credentials });
    expect(format.error?.message).toBe('File Format "xlsx" is not one this node writes');
    expect(String(format.error?.description)).toMatch(/CSV or JSON Lines/);
  });
});
