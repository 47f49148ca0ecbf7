// Renders the README's operations table from the built node's description, so the table is
// derived from the catalog like the node itself. `npm run docs` rewrites it; a test fails when
// the README is stale.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const START = '<!-- operations:start -->';
const END = '<!-- operations:end -->';
const README = join(__dirname, '..', 'README.md');

function operationsTable() {
  const { SocialData } = require('../dist/nodes/SocialData/SocialData.node.js');
  const { properties, credentials } = new SocialData().description;
  const resources = properties.find((property) => property.name === 'resource').options;
  const session = new Set(
    credentials.find((c) => c.name === 'socialDataSession').displayOptions.show.operation,
  );
  const paginated = new Set(
    properties.find((property) => property.name === 'returnAll').displayOptions.show.operation,
  );
  const rows = [
    '| Resource | Operation | What it does | Return All | Needs session |',
    '|---|---|---|---|---|',
  ];
  for (const resource of resources) {
    const picker = properties.find(
      (property) =>
        property.name === 'operation' && property.displayOptions.show.resource[0] === resource.value,
    );
    for (const option of picker.options) {
      rows.push(
        `| ${resource.name} | ${option.name} | ${option.description} | ${paginated.has(option.value) ? 'yes' : ''} | ${session.has(option.value) ? 'yes' : ''} |`,
      );
    }
  }
  return rows.join('\n');
}

function withTable(readme) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`README.md lacks the ${START} / ${END} markers`);
  return `${readme.slice(0, start + START.length)}\n\n${operationsTable()}\n\n${readme.slice(end)}`;
}

module.exports = { README, withTable };

if (require.main === module) {
  writeFileSync(README, withTable(readFileSync(README, 'utf8')));
  console.log('README.md operations table updated');
}
