#!/usr/bin/env node
// `node packages/n8n-harness/dist/cli.js install [1] [2]`: fills .cache/ ahead of a run, e.g. before going offline.
import { ensureN8n } from './install';
import { N8N_LINES } from './lines';

const [command, ...lines] = process.argv.slice(2);
if (command !== 'install') {
  console.error('usage: node packages/n8n-harness/dist/cli.js install [1] [2]');
  process.exit(2);
}
for (const line of lines.length ? lines.map(Number) : Object.keys(N8N_LINES).map(Number)) {
  const runtime = ensureN8n(line);
  console.log(`[n8n ${line}.x] ready: n8n ${runtime.version} on ${runtime.node}`);
}
