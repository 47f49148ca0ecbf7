import { catalog, endpointIds } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import type { Sandbox } from '@social-data/sandbox';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Execution, N8nInstance } from '@social-data/n8n-harness';

import { scanForReport } from './credentials';
import { startSandboxedN8n, stopSandboxedN8n } from './sandboxed-n8n';

/** The workflows this suite runs: every operation, paging, Return All and the error paths. */
const WORKFLOWS_DIR = join(__dirname, 'workflows');

interface WorkflowNode {
  name: string;
  type: string;
  parameters: { operation?: string; limit?: number; returnAll?: boolean };
}

function exampleNodes(file: string): WorkflowNode[] {
  return (JSON.parse(readFileSync(join(WORKFLOWS_DIR, file), 'utf8')) as { nodes: WorkflowNode[] }).nodes;
}

const ids = (items: Array<{ json: Record<string, unknown> }>) => items.map((item) => String(item.json.id));

/**
 * The end-to-end suite for one n8n line: the built package inside a real n8n process, run with
 * `n8n execute` on the example workflows, against the sandbox over loopback.
 */
export function n8nSuite(line: 1 | 2): void {
  describe(`the Social Data node in real n8n ${line}.x`, () => {
    let sandbox: Sandbox;
    let n8n: N8nInstance;
    const runs = new Map<string, Execution>();
    const run = async (id: string) => {
      const execution = await n8n.execute(id);
      runs.set(id, execution);
      return execution;
    };

    beforeAll(async () => {
      ({ sandbox, n8n } = await startSandboxedN8n(line, 'n8n-e2e'));
      await n8n.importWorkflows(WORKFLOWS_DIR);
    }, 900_000);

    afterAll(() => stopSandboxedN8n({ sandbox, n8n }));

    it('runs every one of the 21 operations and returns their records', async () => {
      const nodes = exampleNodes('every-operation.json').filter((node) => node.parameters.operation);
      expect(nodes.map((node) => node.parameters.operation).sort()).toEqual([...endpointIds].sort());
      const execution = await run('sdEveryOperation');
      expect(execution.succeeded).toBe(true);
      for (const node of nodes) {
        const operation = node.parameters.operation as EndpointId;
        const items = execution.items(node.name);
        expect({ node: node.name, count: items.length > 0 }).toEqual({ node: node.name, count: true });
        if (node.parameters.limit) expect(items.length).toBeLessThanOrEqual(node.parameters.limit);
        const result = catalog[operation].result;
        if (result.kind === 'createdList') expect(items[0]?.json.list_id).toMatch(/^\d+$/);
        else for (const item of items) expect(item.json.id).toMatch(/^\d+$/);
      }
      expect(execution.items('Get User')[0]?.json.userName).toBe('social_data');
      expect(execution.items('Get User With Session')[0]?.json.userName).toBe('social_data');
      expect(ids(execution.items('Get Tweets By ID'))).toEqual(ids(execution.items('Get Tweets')));
      expect(ids(execution.items('Get Users By ID'))).toEqual(ids(execution.items('Get Followers')));
      expect(execution.items('Get Replies')[0]?.json).toHaveProperty('author_userName');
      expect(execution.items('Get Tweets')).toHaveLength(5);
    }, 300_000);

    it('returns exactly every follower with Return All: 1,000 and 100,000 unique users', async () => {
      const execution = await run('sdReturnAll00001');
      expect(execution.succeeded).toBe(true);
      const thousand = ids(execution.items('Followers 1k'));
      expect(thousand).toHaveLength(1_000);
      expect(new Set(thousand).size).toBe(1_000);
      const hundredThousand = ids(execution.items('Followers 100k'));
      expect(hundredThousand).toHaveLength(100_000);
      expect(new Set(hundredThousand).size).toBe(100_000);
    }, 900_000);

    it('stops at Limit 50, and pages by hand with a next_cursor that continues the feed', async () => {
      const execution = await run('sdPaging00000001');
      expect(execution.succeeded).toBe(true);
      expect(execution.items('First 50 Followers')).toHaveLength(50);
      const [first] = execution.items('First Page');
      const [next] = execution.items('Next Page');
      expect(first?.json).toMatchObject({ has_next_page: true, next_cursor: expect.stringMatching(/.+/) });
      const firstIds = (first?.json.records as Array<{ id: string }>).map((user) => user.id);
      const nextIds = (next?.json.records as Array<{ id: string }>).map((user) => user.id);
      expect(firstIds).toHaveLength(100);
      expect(nextIds).toHaveLength(100);
      expect(new Set([...firstIds, ...nextIds]).size).toBe(200);
      expect(firstIds.slice(0, 50)).toEqual(ids(execution.items('First 50 Followers')));
    }, 300_000);

    it.each([
      ['sdBadKey00000001', /API key/],
      [
        'sdNoSession00001',
        /Add the Session Cookie and the Proxy URL in the "Social Data API" credential \(needed by Bookmark → Get Many\)/,
      ],
      ['sdNotFound000001', /not found/i],
    ])(
      'ends %s with a clear message',
      async (id, message) => {
        const execution = await run(id);
        expect(execution.result.code).not.toBe(0);
        expect(execution.output).toMatch(message);
      },
      300_000,
    );

    it('turns the same failures into error items with Continue On Fail', async () => {
      const execution = await run('sdContinueOnFail');
      expect(execution.succeeded).toBe(true);
      expect(execution.items('Bad Key')[0]?.json).toMatchObject({
        httpCode: '401',
        description: expect.stringMatching(/API key/),
      });
      expect(execution.items('No Session')[0]?.json.error).toBe(
        'Add the Session Cookie and the Proxy URL in the "Social Data API" credential (needed by Bookmark → Get Many)',
      );
      expect(execution.items('Not Found')[0]?.json).toMatchObject({ httpCode: '404' });
    }, 300_000);

    it('leaves no API key, cookie or proxy password in n8n output or its database', () => {
      expect(runs.size).toBeGreaterThanOrEqual(7);
      const everything = [...n8n.transcript, ...n8n.storedFiles()];
      const found = scanForReport(
        `n8n-e2e-${line}`,
        `The node in real n8n ${n8n.runtime.version}: secret scan`,
        everything,
        {
          'workflows run': runs.size,
        },
      );
      expect(found).toEqual([]);
      expect(readdirSync(n8n.folder)).not.toContain('credentials-import.json');
    });
  });
}
