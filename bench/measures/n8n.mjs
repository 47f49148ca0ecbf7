import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { BENCH_KEY } from '../lib/sandbox-process.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const runtime = createRequire(import.meta.url)('../../scripts/n8n-runtime.cjs');
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
  const spec = runtime.N8N_LINES[LINE];
  return existsSync(join(ROOT, '.cache', `n8n-${spec.version}`, '.ready'));
}

async function executionMs(instance, id) {
  const result = await runtime.runN8n(
    instance.runtime,
    ['execute', `--id=${id}`, '--rawOutput'],
    instance.env,
    {
      timeoutMs: 300_000,
    },
  );
  const run = result.code === 0 ? runtime.parseRawOutput(result.stdout) : null;
  if (!run || run.status === 'error')
    throw new Error(`n8n execute ${id} failed:\n${result.stdout.slice(-2000)}`);
  const items = run.data.resultData.runData.Followers?.[0]?.data?.main?.[0]?.length ?? 0;
  return { ms: Date.parse(run.stoppedAt) - Date.parse(run.startedAt), items };
}

/** 2: the same Return All through the node inside a real n8n, net of an empty workflow's run. */
export async function measureN8n({ sandbox, size, clientMs }) {
  const instanceRuntime = runtime.ensureN8n(LINE);
  const folder = runtime.createUserFolder(join(ROOT, 'packages', 'n8n-nodes-social-data'), 'n8n-bench-');
  const instance = { runtime: instanceRuntime, env: runtime.n8nEnvironment(instanceRuntime, folder) };
  try {
    const credentials = join(folder, 'credentials.json');
    writeFileSync(
      credentials,
      JSON.stringify([
        {
          id: 'sdBenchApi000001',
          name: 'Bench',
          type: 'socialDataApi',
          data: { apiKey: BENCH_KEY, baseUrl: sandbox.url },
        },
      ]),
    );
    const workflows = join(folder, 'workflows');
    mkdirSync(workflows);
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
    writeFileSync(join(workflows, 'empty.json'), JSON.stringify(workflow('sdBenchEmpty0001', [START])));
    writeFileSync(
      join(workflows, 'followers.json'),
      JSON.stringify(
        workflow('sdBenchFollow001', [START, followers], {
          Start: { main: [[{ node: 'Followers', type: 'main', index: 0 }]] },
        }),
      ),
    );
    for (const args of [
      ['import:credentials', `--input=${credentials}`],
      ['import:workflow', '--separate', `--input=${workflows}`],
    ]) {
      const result = await runtime.runN8n(instanceRuntime, args, instance.env);
      if (result.code !== 0) throw new Error(`n8n ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
    }
    const empty = Math.min(
      (await executionMs(instance, 'sdBenchEmpty0001')).ms,
      (await executionMs(instance, 'sdBenchEmpty0001')).ms,
    );
    const full = await executionMs(instance, 'sdBenchFollow001');
    if (full.items !== size.followers)
      throw new Error(`n8n returned ${full.items} of ${size.followers} followers`);
    const net = Math.max(1, full.ms - empty);
    return {
      rows: [
        {
          id: 'n8n',
          measure: `Return All of ${size.followers.toLocaleString('en')} followers in real n8n ${instanceRuntime.version}`,
          value: size.followers / (net / 1000),
          unit: 'items/s',
          reference: `${net.toFixed(0)} ms net of an empty workflow (${empty} ms); core alone ${clientMs.toFixed(0)} ms`,
          ratio: net / clientMs,
        },
      ],
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
