#!/usr/bin/env node
// Prints the figures the long suites leave in .reports/ (one JSON file per suite:
// `{ "title": "…", "figures": { "<what>": <number or text> } }`), so the end of `npm test` and of
// CI shows what was tried and found without digging through jest output.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const directory = join(dirname(fileURLToPath(import.meta.url)), '..', '.reports');
const jsonFiles = (folder) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
const files = jsonFiles(directory);
if (files.length) console.log('\nFigures from the suites (.reports/):');
for (const file of files) {
  const { title, figures } = JSON.parse(readFileSync(join(directory, file), 'utf8'));
  console.log(`\n${title}`);
  const width = Math.max(...Object.keys(figures).map((name) => name.length));
  for (const [name, value] of Object.entries(figures)) {
    const shown = typeof value === 'number' ? value.toLocaleString('en-US') : String(value);
    console.log(`  ${name.padEnd(width)}  ${shown}`);
  }
}

// Last, so a log read from its tail starts with what failed.
const failuresDirectory = join(directory, 'failures');
const failed = jsonFiles(failuresDirectory);
if (failed.length) console.log('\nFailed tests (.reports/failures/):');
for (const file of failed) {
  const { failures } = JSON.parse(readFileSync(join(failuresDirectory, file), 'utf8'));
  for (const { file: where, test, message } of failures) {
    console.log(`\n✕ ${where} › ${test}`);
    console.log(message.replace(/^/gm, '    '));
  }
}
