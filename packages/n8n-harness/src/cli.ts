#!/usr/bin/env node
// `node packages/n8n-harness/dist/cli.js install [1] [2]`: fills the cache (CACHE_DIR) ahead of a run, e.g. before
// going offline. `npm test` runs it (turbo task `runtimes`) before the suites that start n8n, so
// their hooks time only n8n's start, never an install that takes minutes on a busy machine.
// `lock [1] [2]` writes the lockfiles the installs use, after a line's version or overrides change.
import { ensureN8n, ensureN8nInBackground, lockN8n } from './install';
import { isN8nLine, N8N_LINES } from './lines';
import type { N8nLine } from './lines';

const [command, ...lines] = process.argv.slice(2);
if (command !== 'install' && command !== 'lock') {
  console.error('usage: node packages/n8n-harness/dist/cli.js install|lock [1] [2]');
  process.exit(2);
}
const asked = lines.length ? lines.map(Number) : Object.keys(N8N_LINES).map(Number);
const wanted = asked.filter(isN8nLine);
if (wanted.length !== asked.length) {
  console.error(`unknown n8n line in ${lines.join(' ')}; use ${Object.keys(N8N_LINES).join(' or ')}`);
  process.exit(2);
}
const log = (line: N8nLine) => (message: string) => console.log(`[n8n ${line}.x] ${message}`);
if (command === 'lock') {
  for (const line of wanted) console.log(`[n8n ${line}.x] wrote ${lockN8n(line, log(line))}`);
} else if (wanted.length === 1) {
  const runtime = ensureN8n(wanted[0]!, log(wanted[0]!));
  console.log(`[n8n ${runtime.line}.x] ready: n8n ${runtime.version} on ${runtime.node}`);
} else {
  // The lines install side by side, each in a child of its own under its own lock.
  void Promise.all(wanted.map((line) => ensureN8nInBackground(line, log(line)))).then(
    (runtimes) => {
      for (const runtime of runtimes)
        console.log(`[n8n ${runtime.line}.x] ready: n8n ${runtime.version} on ${runtime.node}`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
