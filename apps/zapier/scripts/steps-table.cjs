// Renders the README's table of every trigger, search and action from the built app, so the
// table comes from the catalog like the app itself. `pnpm docs` rewrites it; a test fails when
// the README is stale.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const { between } = require('../../../scripts/readme-tables.cjs');

const README = join(__dirname, '..', 'README.md');
const KINDS = [
  ['triggers', 'Trigger'],
  ['searches', 'Search'],
  ['creates', 'Action'],
];

function stepsTable() {
  const app = require('../dist/index.js');
  const { catalog, endpointIds } = require('@social-data/core');
  const { feeds } = require('@social-data/core/feeds');
  const session = new Set(endpointIds.filter((id) => catalog[id].mode === 'session'));
  const rows = ['| Kind | Step | Key | Inputs | Needs session |', '|---|---|---|---|---|'];
  for (const [kind, label] of KINDS) {
    for (const step of Object.values(app[kind])) {
      const endpoint = kind === 'triggers' ? feeds[step.key].endpoint : step.key;
      const inputs = step.operation.inputFields.map((field) =>
        field.required ? `**${field.label}**` : field.label,
      );
      rows.push(
        `| ${label} | ${step.display.label} | \`${step.key}\` | ${inputs.join(', ') || '—'} | ${session.has(endpoint) ? 'yes' : ''} |`,
      );
    }
  }
  return rows.join('\n');
}

function withTable(readme) {
  return between(readme, 'steps', stepsTable());
}

module.exports = { README, withTable };

if (require.main === module) {
  writeFileSync(README, withTable(readFileSync(README, 'utf8')));
  console.log('README.md steps table updated');
}
