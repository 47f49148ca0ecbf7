import { statSync } from 'node:fs';

import {
  connections,
  manualTrigger,
  N8nInstance,
  node,
  socialDataNode,
  storedPath,
  watchPeakRss,
  workflow,
  writeReport,
} from '@social-data/n8n-harness';
import type { Execution, StoredBinary } from '@social-data/n8n-harness';
import { startSandboxProcess } from '@social-data/sandbox';
import type { SandboxProcess } from '@social-data/sandbox';
import { csvIds } from '@social-data/test-support';

import { API_KEY, sandboxCredentials } from './credentials';

const CREDENTIALS = { socialDataApi: { id: 'sdApiSandbox0001', name: 'Social Data (sandbox)' } };
const NODE = 'Followers File';
const MB = 1024 * 1024;
/** Issue 41: what n8n may grow by to write a million followers, against 2.9 GB for 250,000 items. */
const MAX_GROWTH_MB = 300;

/** The node writing all followers of `userName` (or what `read` says) into one file. */
function fileNode(userName: string, read: object, options: object = {}, more: Record<string, unknown> = {}) {
  return socialDataNode(
    NODE,
    [250, 0],
    {
      resource: 'user',
      operation: 'getUserFollowers',
      userName: { __rl: true, mode: 'username', value: userName },
      ...read,
      options: { outputMode: 'file', pageSize: 200, ...options },
    },
    CREDENTIALS,
    more,
  );
}

function fileWorkflow(
  id: string,
  userName: string,
  read: object,
  options: object = {},
  more: Record<string, unknown> = {},
) {
  return workflow(
    id,
    `Followers of ${userName} to a file`,
    [manualTrigger(), fileNode(userName, read, options, more)],
    connections(['Start', NODE]),
  );
}

/** A file of `followers_1k`, read back into items by n8n's own Extract From File node. */
const EXTRACTED = workflow(
  'sdFileExtract001',
  'Followers to a file, read back by Extract From File',
  [
    manualTrigger(),
    fileNode('followers_1k', { returnAll: true }),
    node('Extract From File', 'n8n-nodes-base.extractFromFile', 1.1, [500, 0], {
      operation: 'csv',
      binaryPropertyName: 'data',
      options: {},
    }),
  ],
  connections(['Start', NODE, 'Extract From File']),
);

/** The file item's JSON and where n8n stored its file; fails with n8n's output when the run did. */
function fileOf(n8n: N8nInstance, execution: Execution) {
  expect({ succeeded: execution.succeeded, error: execution.error }).toEqual({
    succeeded: true,
    error: undefined,
    ...(execution.succeeded ? {} : { output: execution.output.slice(-3000) }),
  });
  const items = execution.items(NODE);
  expect(items).toHaveLength(1);
  const binary = items[0]!.binary?.data as StoredBinary;
  expect(binary.id).toMatch(/^filesystem/);
  return { json: items[0]!.json, path: storedPath(n8n.folder, binary) };
}

/**
 * Output "One File" in real n8n (issue 41): Return All of a million followers in one execution,
 * written page by page into n8n's binary store (filesystem mode: n8n 2.x's own in regular mode,
 * set on 1.x, whose default keeps binary data in memory), n8n's memory flat; and a file a failed
 * page ended, completed by a run from its next_cursor.
 */
export function fileOutputSuite(line: 1 | 2): void {
  describe(`Output "One File" in real n8n ${line}.x`, () => {
    // The sandbox in a process of its own: inside this jest worker it served the million 3-4x slower.
    let sandbox: SandboxProcess | undefined;
    let n8n: N8nInstance | undefined;
    const figures: Record<string, number | string> = {};

    beforeAll(async () => {
      sandbox = await startSandboxProcess([API_KEY]);
      n8n = new N8nInstance(line, {
        prefix: `n8n-file-${line}-`,
        env: line === 1 ? { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' } : {},
      });
      await n8n.importCredentials(sandboxCredentials(sandbox.url));
      await n8n.importWorkflow(
        fileWorkflow('sdFileOnePage001', 'followers_1m', { limit: 200 }),
        fileWorkflow('sdFileMillion001', 'followers_1m', { returnAll: true }),
        EXTRACTED,
        fileWorkflow(
          'sdFileFault00001',
          'followers_150k',
          { returnAll: true },
          {},
          { onError: 'continueRegularOutput' },
        ),
      );
    }, 900_000);

    afterAll(async () => {
      if (n8n)
        writeReport(
          `n8n-file-output-${line}`,
          `Output "One File" in real n8n ${n8n.runtime.version}`,
          figures,
        );
      await n8n?.stop();
      await sandbox?.stop();
      await n8n?.remove();
    });

    it('writes all 1,000,000 followers of an account into one CSV in one execution, memory flat', async () => {
      // The same workflow reading one page: what n8n takes to start and run the node at all.
      const onePage = watchPeakRss('--id=sdFileOnePage001', `N8N_USER_FOLDER=${n8n!.folder}`);
      fileOf(n8n!, await n8n!.execute('sdFileOnePage001'));
      const baseline = onePage();

      const started = Date.now();
      const peak = watchPeakRss('--id=sdFileMillion001', `N8N_USER_FOLDER=${n8n!.folder}`);
      const execution = await n8n!.execute('sdFileMillion001');
      const peakRss = peak();
      const seconds = Math.round((Date.now() - started) / 1000);
      const { json, path } = fileOf(n8n!, execution);
      expect(json).toMatchObject({ records: 1_000_000, ended: 'end', next_cursor: '', has_next_page: false });
      const { rows, unique, headers } = await csvIds([path]);
      expect({ rows, unique }).toEqual({ rows: 1_000_000, unique: 1_000_000 });
      expect(headers[0]!.slice(0, 3)).toEqual(['id', 'userName', 'name']);
      const growth = Math.round((peakRss - baseline) / MB);
      Object.assign(figures, {
        '1M to CSV: seconds': seconds,
        '1M to CSV: file (MB)': Math.round(statSync(path).size / MB),
        '1M to CSV: peak RSS of n8n execute, one page (MB)': Math.round(baseline / MB),
        '1M to CSV: peak RSS of n8n execute, 1,000,000 rows (MB)': Math.round(peakRss / MB),
        '1M to CSV: peak RSS growth (MB)': growth,
        '1M to CSV: execution data (--rawOutput, KB)': Math.round(execution.result.stdout.length / 1024),
      });
      expect(growth).toBeLessThan(MAX_GROWTH_MB);
    }, 900_000);

    it("writes a CSV n8n's own Extract From File node reads back into the same followers", async () => {
      const execution = await n8n!.execute('sdFileExtract001');
      expect({ succeeded: execution.succeeded, error: execution.error }).toMatchObject({ succeeded: true });
      const rows = execution.items('Extract From File').map((item) => item.json);
      expect(rows).toHaveLength(1_000);
      expect(new Set(rows.map((row) => row.id)).size).toBe(1_000);
      // Cells as the Simplify columns hold them: text as is, numbers as their digits.
      expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(['id', 'userName', 'name']);
      expect(rows.every((row) => /^\d+$/.test(String(row.followers)))).toBe(true);
    }, 300_000);

    it('ends the file at a failed page with what was read, and a Start Cursor run completes it exactly', async () => {
      // Page 301 fails for good (five tries): the client's retries cannot cure it.
      await sandbox!.control.fault({
        endpoint: 'getUserFollowers',
        fault: 'error-500',
        after: 300,
        times: 5,
      });
      const failed = fileOf(n8n!, await n8n!.execute('sdFileFault00001'));
      await sandbox!.control.clearFaults();
      expect(failed.json).toMatchObject({
        records: 60_000,
        pages: 300,
        ended: 'failed',
        has_next_page: true,
      });
      expect(String(failed.json.error)).not.toBe('');
      await n8n!.importWorkflow(
        fileWorkflow(
          'sdFileResume0001',
          'followers_150k',
          {
            returnAll: true,
          },
          { startCursor: failed.json.next_cursor },
        ),
      );
      const resumed = fileOf(n8n!, await n8n!.execute('sdFileResume0001'));
      expect(resumed.json).toMatchObject({ records: 90_000, ended: 'end' });
      const [first, second] = [await csvIds([failed.path]), await csvIds([resumed.path])];
      expect({ first: first.rows, second: second.rows }).toEqual({ first: 60_000, second: 90_000 });
      // Every follower once across both files.
      expect(await csvIds([failed.path, resumed.path])).toMatchObject({ rows: 150_000, unique: 150_000 });
      figures['fault at page 301: rows before / after the Start Cursor run'] =
        `${first.rows} / ${second.rows}`;
    }, 600_000);
  });
}
