import { cpSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { N8nInstance } from '@social-data/n8n-harness';

import { onEveryLine } from '../lib/n8n-lines.mjs';
import { BENCH_KEY } from '../lib/sandbox-process.mjs';
import { median } from '../lib/timing.mjs';
import { coreAloneMs } from './return-all.mjs';

const FLOOR_PACKAGE = fileURLToPath(new URL('../n8n-floor', import.meta.url));
const API_CREDENTIAL = { id: 'sdBenchApi000001', name: 'Bench' };
const HEADER_CREDENTIAL = { id: 'sdBenchHeader001', name: 'Bench header' };

/**
 * The HTTP Request node's newest version in this n8n, which is what a user who adds it today gets;
 * read from the installed node rather than pinned, so it follows the install.
 */
export function httpRequestVersion(runtime) {
  const file = join(
    dirname(runtime.bin),
    '..',
    '..',
    'n8n-nodes-base',
    'dist',
    'nodes',
    'HttpRequest',
    'HttpRequest.node.js',
  );
  const match = /defaultVersion:\s*([\d.]+)/.exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`no defaultVersion in ${file}`);
  return Number(match[1]);
}

function node(name, type, typeVersion, x, parameters, credentials) {
  return { id: name.toLowerCase(), name, type, typeVersion, position: [x, 0], parameters, credentials };
}

function workflow(id, nodes) {
  const connections = {};
  nodes.slice(0, -1).forEach((from, index) => {
    connections[from.name] = { main: [[{ node: nodes[index + 1].name, type: 'main', index: 0 }]] };
  });
  return { id, name: id, active: false, settings: { executionOrder: 'v1' }, nodes, connections };
}

/** Names a run in workflow and row ids (at most 16 characters for n8n's workflow ids). */
function suffixOf(run) {
  return `${run.followers / 1000}k`;
}

const START = node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, {});

/** Our credential for our node and the floor, a header credential for the HTTP Request node. */
export function peerCredentials(sandbox) {
  return [
    { ...API_CREDENTIAL, type: 'socialDataApi', data: { apiKey: BENCH_KEY, baseUrl: sandbox.url } },
    { ...HEADER_CREDENTIAL, type: 'httpHeaderAuth', data: { name: 'x-api-key', value: BENCH_KEY } },
  ];
}

/** The three ways to read one run's followers in n8n; `items` is the node whose output counts. */
export function peerWorkflows(sandbox, run, httpVersion) {
  const suffix = suffixOf(run);
  const ours = node(
    'Followers',
    'n8n-nodes-social-data.socialData',
    1,
    250,
    {
      resource: 'user',
      operation: 'getUserFollowers',
      userName: { __rl: true, mode: 'username', value: run.account },
      returnAll: true,
      options: run.maxPages ? { pageSize: 200, maxPages: run.maxPages } : { pageSize: 200 },
    },
    { socialDataApi: API_CREDENTIAL },
  );
  // What users build today: the cursor from each answer, and a stop rule that reads the API's
  // user pages (`data.next_cursor`, no `has_next_page`; core's rule A5), guarded on the status.
  const pagination = {
    parameters: {
      parameters: [{ type: 'qs', name: 'cursor', value: '={{ $response.body.data.next_cursor }}' }],
    },
    paginationCompleteWhen: 'other',
    completeExpression:
      '={{ $response.statusCode !== 200 || $response.body.data.followers.length === 0 || !$response.body.data.next_cursor }}',
  };
  if (run.maxPages) Object.assign(pagination, { limitPagesFetched: true, maxRequests: run.maxPages });
  const request = node(
    'HTTP Request',
    'n8n-nodes-base.httpRequest',
    httpVersion,
    250,
    {
      url: `${sandbox.url}/social/user/${run.account}/followers`,
      authentication: 'genericCredentialType',
      genericAuthType: 'httpHeaderAuth',
      sendQuery: true,
      queryParameters: { parameters: [{ name: 'count', value: '200' }] },
      options: { pagination: { pagination } },
    },
    { httpHeaderAuth: HEADER_CREDENTIAL },
  );
  const splitOut = node('Split Out', 'n8n-nodes-base.splitOut', 1, 500, {
    fieldToSplitOut: 'data.followers',
    include: 'noOtherFields',
    options: {},
  });
  const floor = node(
    'Floor',
    'n8n-nodes-bench-floor.benchFloor',
    1,
    250,
    { userName: run.account, maxPages: run.maxPages ?? 0 },
    { socialDataApi: API_CREDENTIAL },
  );
  return {
    ours: { workflow: workflow(`sdPeerOurs${suffix}`, [START, ours]), items: 'Followers' },
    peer: { workflow: workflow(`sdPeerHttp${suffix}`, [START, request, splitOut]), items: 'Split Out' },
    floor: { workflow: workflow(`sdPeerFloor${suffix}`, [START, floor]), items: 'Floor' },
  };
}

/** One run's time as n8n records it, once its output holds one item per follower. */
async function executionMs(n8n, side, followers) {
  const execution = await n8n.execute(side.workflow.id);
  // The transcript keeps every command's output; a 100,000-follower run prints hundreds of MB.
  n8n.transcript.length = 0;
  if (!execution.succeeded)
    throw new Error(`n8n execute ${side.workflow.id} failed:\n${execution.output.slice(-2000)}`);
  const items = execution.items(side.items).length;
  if (items !== followers)
    throw new Error(`${side.workflow.id} put out ${items} items for ${followers} followers`);
  const { run } = execution;
  return Date.parse(run.stoppedAt) - Date.parse(run.startedAt);
}

/** The floor package beside ours, where n8n finds installed community packages. */
export function installFloor(n8n) {
  const target = join(n8n.folder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-bench-floor');
  cpSync(FLOOR_PACKAGE, target, { recursive: true });
}

async function measureLine(line, context, log) {
  const { sandbox, size } = context;
  // Saving a run's items to the database happens after n8n stamps stoppedAt; left on, it only
  // adds minutes of SQLite writes and GBs of disk to a bench that times runs of 100,000 items.
  const n8n = new N8nInstance(line, {
    prefix: `n8n-peer-${line}-`,
    env: { EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none' },
  });
  try {
    installFloor(n8n);
    const httpVersion = httpRequestVersion(n8n.runtime);
    await n8n.importCredentials(peerCredentials(sandbox));
    const rows = [];
    for (const run of size.peerRuns) {
      const all = peerWorkflows(sandbox, run, httpVersion);
      for (const side of Object.values(all)) await n8n.importWorkflow(side.workflow);
      const order = Object.keys(all);
      const times = { ours: [], peer: [], floor: [] };
      const peerRatios = [];
      const floorRatios = [];
      for (let round = 0; round < run.rounds; round += 1) {
        // Each side goes first, second and third in turn, so a slow moment of the machine does
        // not always land on the same one.
        const turn = order.map((_, index) => order[(index + round) % order.length]);
        const ms = {};
        for (const name of turn) ms[name] = await executionMs(n8n, all[name], run.followers);
        for (const name of order) times[name].push(ms[name]);
        peerRatios.push(ms.peer / ms.ours);
        floorRatios.push(ms.ours / ms.floor);
        log(
          `n8n ${line}.x, ${run.followers} followers, round ${round + 1}: ours ${ms.ours} ms, HTTP Request ${ms.peer} ms, floor ${ms.floor} ms`,
        );
      }
      const ours = median(times.ours);
      const count = run.followers.toLocaleString('en');
      const where = `n8n ${n8n.runtime.version}`;
      const rounds = `medians of ${run.rounds} rounds`;
      const big = !run.maxPages;
      rows.push(
        {
          id: `n8nPeer${line}-${suffixOf(run)}`,
          measure: `${where}: Return All of ${count} followers, our node against HTTP Request ${httpVersion} + Split Out`,
          value: ours,
          unit: 'ms',
          reference: `HTTP Request with Pagination and Split Out ${median(times.peer).toFixed(0)} ms (n8n's stoppedAt − startedAt; ${rounds}; ratio: median of HTTP Request/ours per round)`,
          ratio: median(peerRatios),
          ratioLabel: '× faster',
          chart: `n8n ${line}.x ${count}: HTTP Request ÷ our node`,
          ...(big ? { goal: '≥ 1.5', met: median(peerRatios) >= 1.5 } : {}),
        },
        {
          id: `n8nFloor${line}-${suffixOf(run)}`,
          measure: `${where}: Return All of ${count} followers, our node against a bare httpRequestWithAuthentication loop`,
          value: ours,
          unit: 'ms',
          reference: `floor ${median(times.floor).toFixed(0)} ms (${rounds}; ratio: median of ours/floor per round)`,
          ratio: median(floorRatios),
          chart: `n8n ${line}.x ${count}: our node ÷ helper loop`,
        },
      );
      if (big) {
        const coreMs = await coreAloneMs(context, { account: run.account, maxPages: run.maxPages });
        rows.push({
          id: `n8nCore${line}-${suffixOf(run)}`,
          measure: `${where}: Return All of ${count} followers, our node against core alone`,
          value: ours,
          unit: 'ms',
          reference: `core alone in the bench's process ${coreMs.toFixed(0)} ms (median of 3)`,
          ratio: ours / coreMs,
          chart: `n8n ${line}.x ${count}: our node ÷ core alone`,
          goal: '≤ 1.3',
          met: ours / coreMs <= 1.3,
        });
      }
    }
    return rows;
  } finally {
    await n8n.remove();
  }
}

/**
 * 2b: our node's Return All in real n8n beside what users build without it (the HTTP Request
 * node's pagination, then Split Out), and beside the floor any node pays inside n8n: n8n's own
 * HTTP helper in a bare loop (bench/n8n-floor). On every line in size.peerLines that is installed.
 */
export function measureN8nPeer(context) {
  return onEveryLine(context.size.peerLines, 'Return All against HTTP Request', measureLine, context);
}
