import { N8nInstance, watchPeakRss } from '@social-data/n8n-harness';

import { onEveryLine } from '../lib/n8n-lines.mjs';
import { installFloor, peerCredentials } from './n8n-peer.mjs';

const API_CREDENTIAL = { id: 'sdBenchApi000001', name: 'Bench' };
const MB = 1024 * 1024;
const mb = (bytes) => Math.round(bytes / MB);

function node(name, type, parameters, credentials) {
  return { id: name.toLowerCase(), name, type, typeVersion: 1, position: [250, 0], parameters, credentials };
}

function workflow(id, last) {
  const start = {
    id: 'start',
    name: 'Start',
    type: 'n8n-nodes-base.manualTrigger',
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
  };
  return {
    id,
    name: id,
    active: false,
    settings: { executionOrder: 'v1' },
    nodes: [start, last],
    connections: { Start: { main: [[{ node: last.name, type: 'main', index: 0 }]] } },
  };
}

/** Our node reading `pages` pages of 200 (all of them when undefined) as items or into a file. */
function ours(id, account, pages, output) {
  return workflow(
    id,
    node(
      'Followers',
      'n8n-nodes-social-data.socialData',
      {
        resource: 'user',
        operation: 'getUserFollowers',
        userName: { __rl: true, mode: 'username', value: account },
        returnAll: true,
        options: { pageSize: 200, ...(pages ? { maxPages: pages } : {}), outputMode: output },
      },
      { socialDataApi: API_CREDENTIAL },
    ),
  );
}

/** The floor: n8n's HTTP helper in a bare loop, one item per follower (bench/n8n-floor). */
function floor(id, account, pages) {
  return workflow(
    id,
    node(
      'Followers',
      'n8n-nodes-bench-floor.benchFloor',
      { userName: account, maxPages: pages },
      {
        socialDataApi: API_CREDENTIAL,
      },
    ),
  );
}

/** One `n8n execute`: n8n's own time for the run, its peak RSS, and the run's data as printed. */
async function run(n8n, id) {
  const peak = watchPeakRss(`--id=${id}`, `N8N_USER_FOLDER=${n8n.folder}`);
  const execution = await n8n.execute(id);
  const rss = peak();
  const bytes = execution.result.stdout.length;
  // The transcript keeps every command's output; a run of 250,000 items prints hundreds of MB.
  n8n.transcript.length = 0;
  if (!execution.succeeded) throw new Error(`n8n execute ${id} failed:\n${execution.output.slice(-2000)}`);
  const { run: data } = execution;
  return { ms: Date.parse(data.stoppedAt) - Date.parse(data.startedAt), rss, bytes, execution };
}

async function measureLine(line, { sandbox, size }, log) {
  const n8n = new N8nInstance(line, {
    prefix: `n8n-memory-${line}-`,
    // Filesystem mode for the file (n8n 1.x keeps binary data in memory by default); successful
    // runs are not saved, as in the peer bench: saving is n8n's cost after the run, not memory.
    env: { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem', EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none' },
  });
  try {
    installFloor(n8n);
    await n8n.importCredentials(peerCredentials(sandbox));
    const { memory } = size;
    await n8n.importWorkflow(ours('sdMemOnePage0001', memory.itemsAccount, 1, 'records'));
    await n8n.importWorkflow(ours('sdMemFileOne0001', memory.fileAccount, 1, 'file'));
    await n8n.importWorkflow(ours('sdMemFileAll0001', memory.fileAccount, undefined, 'file'));
    for (const records of memory.items) {
      await n8n.importWorkflow(
        ours(`sdMemOurs${records / 1000}k`, memory.itemsAccount, records / 200, 'records'),
      );
      await n8n.importWorkflow(floor(`sdMemFloor${records / 1000}k`, memory.itemsAccount, records / 200));
    }
    const where = `n8n ${n8n.runtime.version}`;
    const onePage = await run(n8n, 'sdMemOnePage0001');
    const items = [];
    for (const records of memory.items) {
      const mine = await run(n8n, `sdMemOurs${records / 1000}k`);
      const bare = await run(n8n, `sdMemFloor${records / 1000}k`);
      const got = mine.execution.items('Followers').length;
      if (got !== records) throw new Error(`our node put out ${got} of ${records} items`);
      items.push({ records, mine, bare });
      log(`${where}: ${records} items, ours ${mb(mine.rss)} MB peak, floor ${mb(bare.rss)} MB peak`);
    }
    const fileOne = await run(n8n, 'sdMemFileOne0001');
    const file = await run(n8n, 'sdMemFileAll0001');
    const [fileItem] = file.execution.items('Followers');
    if (fileItem?.json.records !== memory.file)
      throw new Error(`the file holds ${String(fileItem?.json.records)} of ${memory.file} records`);
    const fileGrowth = file.rss - fileOne.rss;
    const largest = items.at(-1);
    const rows = items.map(({ records, mine, bare }) => {
      const growth = mine.rss - onePage.rss;
      const floorGrowth = bare.rss - onePage.rss;
      const count = records.toLocaleString('en');
      return {
        id: `n8nItems${line}-${records / 1000}k`,
        measure: `${where}: ${count} followers as items (Return All, Max Pages), peak RSS of n8n execute`,
        value: mb(mine.rss),
        unit: 'MB',
        reference: `+${mb(growth)} MB over one page (${Math.round(growth / records)} bytes/item), ${(mine.ms / 1000).toFixed(1)} s, execution data ${mb(mine.bytes)} MB (${Math.round(mine.bytes / records)} bytes/item); n8n's own helper loop: +${mb(floorGrowth)} MB, ${mb(bare.bytes)} MB of data (ratio: ours ÷ floor growth, the rest is n8n's)`,
        ratio: growth / Math.max(floorGrowth, 1),
        chart: `n8n ${line}.x ${count} items: our growth ÷ floor growth`,
      };
    });
    const count = memory.file.toLocaleString('en');
    rows.push({
      id: `n8nFile${line}-${memory.file / 1000}k`,
      measure: `${where}: ${count} followers to one CSV (Output "One File"), peak RSS growth of n8n execute`,
      value: mb(fileGrowth),
      unit: 'MB',
      reference: `${(file.ms / 1000).toFixed(1)} s, peak ${mb(file.rss)} MB against ${mb(fileOne.rss)} MB for one page, execution data ${Math.round(file.bytes / 1024)} KB (ratio: this growth ÷ the item mode's for ${largest.records.toLocaleString('en')})`,
      ratio: fileGrowth / Math.max(largest.mine.rss - onePage.rss, 1),
      chart: `n8n ${line}.x: file of ${count} ÷ items of ${largest.records.toLocaleString('en')}, RSS growth`,
      ...(memory.file >= 1_000_000 ? { goal: '< 300 MB', met: mb(fileGrowth) < 300 } : {}),
    });
    return rows;
  } finally {
    await n8n.remove();
  }
}

/**
 * Issue 41: what n8n's memory does with our node's output. Items: peak RSS and execution data at
 * each size, beside n8n's own HTTP helper loop producing the same items (the floor), so the part
 * that is ours shows. A file: a million followers in one execution, its RSS growth over one page.
 */
export function measureN8nMemory(context) {
  return onEveryLine(context.size.memory.lines, 'n8n memory', measureLine, context);
}
