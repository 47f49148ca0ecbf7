#!/usr/bin/env node
// Where n8n's time goes in one Return All: runs our node, or the HTTP Request node with Split Out,
// in a real n8n under --cpu-prof, and sums the profile's self time by group over the execution
// (from the first sample inside n8n's workflow run to the last). Report only; not part of run.mjs.
//   node bench/profile-n8n.mjs [--line 1] [--side ours|peer|floor] [--followers 100000|10000] [--keep <dir>]
//   node bench/profile-n8n.mjs --from <file.cpuprofile>   (summarise a profile again)
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { Execution, N8nInstance, parseRawOutput } from '@social-data/n8n-harness';

import { startSandboxProcess } from './lib/sandbox-process.mjs';
import { httpRequestVersion, installFloor, peerCredentials, peerWorkflows } from './measures/n8n-peer.mjs';

const { values } = parseArgs({
  options: {
    line: { type: 'string', default: '1' },
    side: { type: 'string', default: 'ours' },
    followers: { type: 'string', default: '100000' },
    keep: { type: 'string' },
    from: { type: 'string' },
  },
});

/**
 * Groups in the order they are tried: the first whose test matches a frame names it. Frames are
 * told apart by the file they come from (n8n's packages, ours, axios, Node's own) and, for V8's
 * pseudo-frames and built-ins, by name.
 */
const GROUPS = [
  ['GC', (f) => f.functionName === '(garbage collector)'],
  ['idle (waiting for the sandbox)', (f) => f.functionName === '(idle)'],
  [
    'JSON parse / stringify',
    (f) => /^(JSON\.)?(parse|stringify)$|JsonParse|JsonStringif/i.test(f.functionName) && !f.url,
  ],
  ['our node and core (n8n-nodes-social-data dist)', (f) => f.url.includes('n8n-nodes-social-data')],
  ['bench floor node', (f) => f.url.includes('n8n-nodes-bench-floor')],
  [
    'credentials: decryption, authenticate',
    (f) =>
      /credentials|Credentials|cipher|crypto-js|Cipher/.test(f.url) ||
      /decrypt|getCredentials|authenticate|Cipheriv|pbkdf|createHash|evp/i.test(f.functionName),
  ],
  [
    "n8n's HTTP helper (axios, request helpers, form-data, http)",
    (f) =>
      /axios|follow-redirects|form-data|proxy-agent|request-helper|RequestHelper|node:_http|node:http|node:net|node:stream|node:zlib|node:internal\/streams|_http_|node:internal\/http/.test(
        f.url,
      ),
  ],
  [
    'HTTP Request / Split Out nodes',
    (f) => /nodes\/HttpRequest|nodes\/SplitOut|nodes\/Transform\/SplitOut/.test(f.url),
  ],
  [
    'expressions (pagination, parameters)',
    (f) => /expression|Expression|tmpl|riot|esprima|ast-types|recast|tournament|jssha/.test(f.url),
  ],
  [
    "n8n's execution data: items, pairedItem, node parameters",
    (f) => /n8n-core|n8n-workflow|@n8n\//.test(f.url),
  ],
  ['n8n CLI / database / other packages', (f) => f.url.includes('node_modules')],
  ['Node internals', (f) => f.url.startsWith('node:')],
  ['(program) and other native', () => true],
];

/** Files whose frames are on the stack only while the workflow runs (once it has started). */
const RUN_FILES =
  /workflow-execute|WorkflowExecute|n8n-nodes-social-data|n8n-nodes-bench-floor|HttpRequest|SplitOut/;

function groupOf(frame) {
  return GROUPS.find(([, test]) => test(frame))[0];
}

/** Frames that say nothing of who asked for the work: it is charged to the nearest caller that does. */
const NEUTRAL = new Set(['Node internals', '(program) and other native']);

/**
 * Self time per group and the top functions, over the workflow's run: from the first sample inside
 * n8n's WorkflowExecute to the last inside the nodes that run (after an await a stack starts from
 * the microtask queue, so these are told by their files). A Node-internal or native frame is
 * charged to its nearest caller in a package: TextDecoder under our transport is ours.
 */
function summarise(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const onStack = (pattern) => {
    const seen = new Map();
    const test = (id) => {
      if (seen.has(id)) return seen.get(id);
      const result = pattern.test(nodes.get(id).callFrame.url) || (parent.has(id) && test(parent.get(id)));
      seen.set(id, result);
      return result;
    };
    return test;
  };
  const inEngine = onStack(/workflow-execute|WorkflowExecute/);
  const inRun = onStack(RUN_FILES);
  const charged = (id) => {
    let group = groupOf(nodes.get(id).callFrame);
    for (let at = id; NEUTRAL.has(group) && parent.has(at);) {
      at = parent.get(at);
      const frame = nodes.get(at).callFrame;
      if (frame.url.startsWith('node:internal/modules')) return 'module loading (requires during the run)';
      const caller = groupOf(frame);
      if (!NEUTRAL.has(caller)) group = caller;
    }
    return group;
  };
  const times = [];
  let clock = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((clock += delta));
  const first = profile.samples.findIndex(inEngine);
  const last = profile.samples.findLastIndex(inRun);
  const groups = new Map();
  const functions = new Map();
  let total = 0;
  for (let index = first; index <= last; index += 1) {
    const spent = (times[index + 1] ?? times[index]) - times[index];
    const id = profile.samples[index];
    const frame = nodes.get(id).callFrame;
    const group = charged(id);
    groups.set(group, (groups.get(group) ?? 0) + spent);
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`;
    const entry = functions.get(name) ?? { group, us: 0 };
    entry.us += spent;
    functions.set(name, entry);
    total += spent;
  }
  return { total, groups, functions };
}

function report(file) {
  const { total, groups, functions } = summarise(JSON.parse(readFileSync(file, 'utf8')));
  const pct = (us) => `${((100 * us) / total).toFixed(1)}%`.padStart(6);
  console.log(`profile ${file}: ${(total / 1000).toFixed(0)} ms of samples in the run\n`);
  for (const [group, us] of [...groups].sort((a, b) => b[1] - a[1]))
    console.log(`${pct(us)} ${(us / 1000).toFixed(0).padStart(6)} ms  ${group}`);
  console.log('\ntop functions by self time:');
  for (const [name, { group, us }] of [...functions].sort((a, b) => b[1].us - a[1].us).slice(0, 40))
    console.log(`${pct(us)} ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}  [${group}]`);
}

if (values.from) {
  report(values.from);
  process.exit(0);
}

const line = Number(values.line);
const followers = Number(values.followers);
const run = {
  account: 'followers_100k',
  followers,
  maxPages: followers === 100_000 ? undefined : followers / 200,
};
const profiles = values.keep ?? mkdtempSync(join(tmpdir(), 'n8n-cpu-prof-'));
mkdirSync(profiles, { recursive: true });
const sandbox = await startSandboxProcess();
const n8n = new N8nInstance(line, {
  prefix: 'n8n-profile-',
  env: { EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none' },
});

/** `n8n execute` as the harness runs it, with the profiler on (Node refuses --cpu-prof in NODE_OPTIONS). */
function profiledExecute(id) {
  const outFile = join(profiles, 'stdout.json');
  const out = openSync(outFile, 'w');
  const args = [
    '--cpu-prof',
    `--cpu-prof-dir=${profiles}`,
    n8n.runtime.bin,
    'execute',
    `--id=${id}`,
    '--rawOutput',
  ];
  const result = spawnSync(n8n.runtime.node, args, { env: n8n.env, stdio: ['ignore', out, 'pipe'] });
  closeSync(out);
  const stdout = readFileSync(outFile, 'utf8');
  const cli = { code: result.status, stdout, stderr: String(result.stderr) };
  return new Execution(cli, result.status === 0 ? parseRawOutput(stdout) : null);
}
try {
  installFloor(n8n);
  await n8n.importCredentials(peerCredentials(sandbox));
  const side = peerWorkflows(sandbox, run, httpRequestVersion(n8n.runtime))[values.side];
  await n8n.importWorkflow(side.workflow);
  const before = new Set(readdirSync(profiles));
  const execution = profiledExecute(side.workflow.id);
  if (!execution.succeeded) throw new Error(execution.output.slice(-2000));
  const items = execution.items(side.items).length;
  const ms = Date.parse(execution.run.stoppedAt) - Date.parse(execution.run.startedAt);
  const file = readdirSync(profiles).find((name) => !before.has(name) && name.endsWith('.cpuprofile'));
  console.log(
    `n8n ${n8n.runtime.version}, ${values.side}: ${items} items in ${ms} ms (stoppedAt − startedAt)`,
  );
  report(join(profiles, file));
} finally {
  await n8n.remove();
  await sandbox.stop();
}
