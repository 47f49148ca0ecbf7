// Renders the root README's table of every endpoint with the n8n operation, the Zapier steps and
// the MCP tool that reach it, and its table of every trigger feed with its events and filters,
// from the core catalog, the feed catalog and the two built integrations. `npm run docs` rewrites
// them; apps/demo's README test fails when they are stale.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const { between } = require('./readme-tables.cjs');

const ROOT = join(__dirname, '..');
const README = join(ROOT, 'README.md');

function endpointsTable() {
  const { catalog, endpointIds } = require(join(ROOT, 'packages/core/dist/index.cjs'));
  const { agentToolName } = require(join(ROOT, 'packages/core/dist/agent.cjs'));
  const { feeds } = require(join(ROOT, 'packages/core/dist/feeds.cjs'));
  const { SocialData } = require(
    join(ROOT, 'packages/n8n-nodes-social-data/dist/nodes/SocialData/SocialData.node.js'),
  );
  const app = require(join(ROOT, 'apps/zapier/dist/index.js'));
  const { properties } = new SocialData().description;
  const resources = properties.find((property) => property.name === 'resource').options;
  const n8nOperation = new Map();
  for (const resource of resources) {
    const picker = properties.find(
      (property) =>
        property.name === 'operation' && property.displayOptions.show.resource[0] === resource.value,
    );
    for (const option of picker.options) n8nOperation.set(option.value, `${resource.name} → ${option.name}`);
  }
  const stepsFor = (kind, endpointOf) => (id) =>
    Object.values(app[kind])
      .filter((step) => endpointOf(step.key) === id)
      .map((step) => step.display.label)
      .join('<br>') || '—';
  const trigger = stepsFor('triggers', (key) => feeds[key].endpoint);
  const search = stepsFor('searches', (key) => key);
  // A batch lookup's line-item action is keyed `<endpoint>Items`.
  const action = stepsFor('creates', (key) => key.replace(/Items$/, ''));
  const rows = [
    '| # | Endpoint | Mode | n8n: Resource → Operation | Zapier trigger | Zapier search | Zapier action | MCP tool |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const id of endpointIds) {
    const spec = catalog[id];
    rows.push(
      `| ${spec.ref} | \`${spec.method} ${spec.path}\` | ${spec.mode === 'session' ? 'own session' : 'pool'} | ${n8nOperation.get(id) ?? '—'} | ${trigger(id)} | ${search(id)} | ${action(id)} | \`${agentToolName(id)}\` |`,
    );
  }
  return rows.join('\n');
}

function feedsTable() {
  const { catalog, recordKindOf } = require(join(ROOT, 'packages/core/dist/index.cjs'));
  const { feedIds, feeds, isRemovalFeed, takesManyAccounts, MAX_ACCOUNTS } = require(
    join(ROOT, 'packages/core/dist/feeds.cjs'),
  );
  const { SocialDataTrigger } = require(
    join(ROOT, 'packages/n8n-nodes-social-data/dist/nodes/SocialDataTrigger/SocialDataTrigger.node.js'),
  );
  const app = require(join(ROOT, 'apps/zapier/dist/index.js'));
  const events = new SocialDataTrigger().description.properties.find((property) => property.name === 'event');
  const n8nEvent = new Set(events.options.map((option) => option.value));
  const rows = [
    '| Event | Emits | Feed (#) | Order | Accounts | Filters | n8n trigger | Zapier trigger |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const id of feedIds) {
    const feed = feeds[id];
    const spec = catalog[feed.endpoint];
    rows.push(
      `| ${feed.displayName} | ${isRemovalFeed(id) ? 'removals the trigger is sure of' : 'new items'} | ${spec.ref} | ${feed.order} | ${takesManyAccounts(id) ? `1 or up to ${MAX_ACCOUNTS}` : '1'} | ${recordKindOf(feed.endpoint) === 'tweet' ? 'yes' : '—'} | ${n8nEvent.has(id) ? 'yes' : '—'} | ${app.triggers[id] ? 'yes' : '—'} |`,
    );
  }
  return rows.join('\n');
}

function withTable(readme) {
  return between(between(readme, 'endpoints', endpointsTable()), 'feeds', feedsTable());
}

module.exports = { README, withTable };

if (require.main === module) {
  writeFileSync(README, withTable(readFileSync(README, 'utf8')));
  console.log('README.md endpoints and feeds tables updated');
}
