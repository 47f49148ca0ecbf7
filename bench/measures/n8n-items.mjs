import { N8nInstance } from '@social-data/n8n-harness';

import { benchClient } from '../lib/clients.mjs';
import { BENCH_KEY, startSandboxProcess } from '../lib/sandbox-process.mjs';

const LINE = 1;
const CREDENTIAL = { id: 'sdBenchApi000001', name: 'Bench' };

/** Distinct screen names the sandbox knows: the first followers of a big account (same seed in every sandbox). */
async function knownNames(url, count) {
  const names = [];
  const paginator = benchClient(url).paginate(
    'getUserFollowers',
    { userName: 'followers_100k' },
    { pageSize: 200, limit: count },
  );
  for await (const user of paginator) names.push(user.userName);
  return names;
}

function node(name, type, typeVersion, x, parameters, extra = {}) {
  return { id: name.toLowerCase(), name, type, typeVersion, position: [x, 0], parameters, ...extra };
}

function workflow(id, names, options) {
  const nodes = [
    node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {}),
    node('Names', 'n8n-nodes-base.code', 2, 250, {
      jsCode: `return ${JSON.stringify(names)}.map((userName) => ({ json: { userName } }));`,
    }),
    node(
      'Get User',
      'n8n-nodes-social-data.socialData',
      1,
      500,
      {
        resource: 'user',
        operation: 'getUser',
        userName: { __rl: true, mode: 'username', value: '={{ $json.userName }}' },
        options,
      },
      { credentials: { socialDataApi: CREDENTIAL } },
    ),
  ];
  const to = (name) => ({ main: [[{ node: name, type: 'main', index: 0 }]] });
  return {
    id,
    name: id,
    active: false,
    settings: { executionOrder: 'v1' },
    nodes,
    connections: { Start: to('Names'), Names: to('Get User') },
  };
}

/** Runs a workflow and checks that output item i is input i's user, paired with item i. */
async function pairedRunMs(n8n, id, names) {
  const execution = await n8n.execute(id);
  n8n.transcript.length = 0;
  if (!execution.succeeded) throw new Error(`n8n execute ${id} failed:\n${execution.output.slice(-2000)}`);
  const items = execution.items('Get User');
  if (items.length !== names.length)
    throw new Error(`${id}: ${items.length} items for ${names.length} names`);
  items.forEach((item, index) => {
    const name = String(item.json.screen_name ?? item.json.userName).toLowerCase();
    if (item.pairedItem?.item !== index || name !== names[index].toLowerCase())
      throw new Error(
        `${id}: item ${index} is @${name} paired with ${JSON.stringify(item.pairedItem)}, input ${index} is @${names[index]}`,
      );
  });
  const { run } = execution;
  return Date.parse(run.stoppedAt) - Date.parse(run.startedAt);
}

/**
 * 2c: one Get User per input item, against an API 100 ms away: the node's default (Items at
 * Once, several lookups in flight) against one at a time. Each once: one at a time is
 * size.items × 100 ms.
 */
export async function measureN8nItems({ sandbox, size }) {
  const slow = await startSandboxProcess({ latencyMs: size.itemsLatencyMs });
  const n8n = new N8nInstance(LINE, { prefix: 'n8n-items-' });
  try {
    const names = await knownNames(sandbox.url, size.items);
    await n8n.importCredentials([
      { ...CREDENTIAL, type: 'socialDataApi', data: { apiKey: BENCH_KEY, baseUrl: slow.url } },
    ]);
    await n8n.importWorkflow(workflow('sdItemsOneByOne', names, { itemsAtOnce: 1 }));
    await n8n.importWorkflow(workflow('sdItemsDefault1', names, {}));
    const one = await pairedRunMs(n8n, 'sdItemsOneByOne', names);
    const many = await pairedRunMs(n8n, 'sdItemsDefault1', names);
    return {
      rows: [
        {
          id: 'n8nItems',
          measure: `n8n ${n8n.runtime.version}: Get User for ${size.items.toLocaleString('en')} input items, ${size.itemsLatencyMs} ms per request, default Items at Once`,
          value: many,
          unit: 'ms',
          reference: `Items at Once 1: ${one} ms (n8n's stoppedAt − startedAt, one run each; every item checked against its input and pairedItem)`,
          ratio: one / many,
          ratioLabel: 'speed-up',
          chart: `n8n Get User × ${size.items.toLocaleString('en')}: 1 at once ÷ default`,
          goal: '≥ 5',
          met: one / many >= 5,
        },
      ],
    };
  } finally {
    await n8n.remove();
    await slow.stop();
  }
}
