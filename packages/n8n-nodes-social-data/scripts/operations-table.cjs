// Renders the README's operations and trigger events tables from the built nodes' descriptions,
// so the tables are derived from the catalog like the nodes themselves. `npm run docs` rewrites
// them; a test fails when the README is stale.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const { catalog } = require('@social-data/core');
const { MAX_ACCOUNTS, feeds, takesManyAccounts } = require('@social-data/core/feeds');

const { between } = require('../../../scripts/readme-tables.cjs');

const README = join(__dirname, '..', 'README.md');

function operationsTable() {
  const { SocialData } = require('../dist/nodes/SocialData/SocialData.node.js');
  const { properties } = new SocialData().description;
  const resources = properties.find((property) => property.name === 'resource').options;
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
        `| ${resource.name} | ${option.name} | ${option.description} | ${paginated.has(option.value) ? 'yes' : ''} | ${catalog[option.value].mode === 'session' ? 'yes' : ''} |`,
      );
    }
  }
  return rows.join('\n');
}

function eventsTable() {
  const { SocialDataTrigger } = require('../dist/nodes/SocialDataTrigger/SocialDataTrigger.node.js');
  const { properties } = new SocialDataTrigger().description;
  // The Accounts switch and the list it shows are told in the Watches cell, not as fields.
  const fields = properties.filter(
    (property) => property.displayOptions?.show?.event && !['accounts', 'userNames'].includes(property.name),
  );
  const filtered = new Set(
    properties
      .find((property) => property.name === 'options')
      .options.filter((option) => option.name === 'keywords')
      .flatMap((option) => option.displayOptions.show['/event']),
  );
  const rows = ['| Event | Emits | Watches | Filters | Needs session |', '|---|---|---|---|---|'];
  for (const option of properties.find((property) => property.name === 'event').options) {
    const watched = fields
      .filter((field) => field.displayOptions.show.event.includes(option.value))
      .map((field) => field.displayName);
    if (takesManyAccounts(option.value)) watched.push(`or up to ${MAX_ACCOUNTS} Usernames`);
    rows.push(
      `| ${option.name} | ${option.description} | ${watched.join(' ') || 'your account'} | ${filtered.has(option.value) ? 'yes' : ''} | ${catalog[feeds[option.value].endpoint].mode === 'session' ? 'yes' : ''} |`,
    );
  }
  return rows.join('\n');
}

function withTable(readme) {
  return between(between(readme, 'operations', operationsTable()), 'events', eventsTable());
}

module.exports = { README, withTable };

if (require.main === module) {
  writeFileSync(README, withTable(readFileSync(README, 'utf8')));
  console.log('README.md operations and events tables updated');
}
