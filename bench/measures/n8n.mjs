import { N8nInstance, n8nInstalled as lineInstalled } from '@social-data/n8n-harness';

import { BENCH_KEY } from '../lib/sandbox-process.mjs';

const LINE = 1;

function workflow(id, nodes, connections = {}) {
  return { id, name: id, active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}

function node(name, type, x, parameters, extra = {}) {
  return { id: name.toLowerCase(), name, type, typeVersion: 1, position: [x, 0], parameters, ...extra };
}

const START = node('Start', 'n8n-nodes-base.manualTrigger', 0, {});

/** Whether the n8n the end-to-end tests use is already in .cache (the bench never installs it). */
export function n8nInstalled() {
  return lineInstalled(LINE);
}

async function executionMs(n8n, id) {
  const execution = await n8n.execute(id);
  if (!execution.succeeded) throw new Error(`n8n execute ${id} failed:\n${execution.output.slice(-2000)}`);
  const { run } = execution;
  const items = id === 'sdBenchFollow001' ? execution.items('Followers').length : 0;
  return { ms: Date.parse(run.stoppedAt) - Date.parse(run.startedAt), items };
}

/** 2: the same Return All through the node inside a real n8n, net of an empty workflow's run. */
export async function measureN8n({ sandbox, size, clientMs }) {
  const n8n = new N8nInstance(LINE, { prefix: 'n8n-bench-' });
  try {
    await n8n.importCredentials([
      {
        id: 'sdBenchApi000001',
        name: 'Bench',
        type: 'socialDataApi',
        data: { apiKey: BENCH_KEY, baseUrl: sandbox.url },
      },
    ]);
    const followers = node(
      'Followers',
      'n8n-nodes-social-data.socialData',
      250,
      {
        resource: 'user',
        operation: 'getUserFollowers',
        userName: { __rl: true, mode: 'username', value: size.followersAccount },
        returnAll: true,
        options: { pageSize: 200 },
      },
      { credentials: { socialDataApi: { id: 'sdBenchApi000001', name: 'Bench' } } },
    );
    await n8n.importWorkflow(workflow('sdBenchEmpty0001', [START]));
    await n8n.importWorkflow(
      workflow('sdBenchFollow001', [START, followers], {
        Start: { main: [[{ node: 'Followers', type: 'main', index: 0 }]] },
      }),
    );
    const empty = Math.min(
      (await executionMs(n8n, 'sdBenchEmpty0001')).ms,
      (await executionMs(n8n, 'sdBenchEmpty0001')).ms,
    );
    const full = await executionMs(n8n, 'sdBenchFollow001');
    if (full.items !== size.followers)
      throw new Error(`n8n returned ${full.items} of ${size.followers} followers`);
    const net = Math.max(1, full.ms - empty);
    return {
      rows: [
        {
          id: 'n8n',
          measure: `Return All of ${size.followers.toLocaleString('en')} followers in real n8n ${n8n.runtime.version}`,
          value: size.followers / (net / 1000),
          unit: 'items/s',
          reference: `${net.toFixed(0)} ms net of an empty workflow (${empty} ms); core alone ${clientMs.toFixed(0)} ms`,
          ratio: net / clientMs,
        },
      ],
    };
  } finally {
    await n8n.remove();
  }
}
