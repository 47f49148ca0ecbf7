// Prints the executions n8n stored in PostgreSQL (queue mode) as read-executions.cjs does for
// SQLite, optionally of one workflow only. It uses n8n's own `pg` and `flatted`, so the reader
// needs nothing the n8n install does not have; `pg` takes the connection from the PG* variables,
// which keeps a password out of the process list.
const { createRequire } = require('node:module');

const { storedExecution } = require('./stored-execution.cjs');

const [n8nBin, workflowId] = process.argv.slice(2);
const fromN8n = createRequire(n8nBin);
const { Client } = fromN8n('pg');
const { parse } = fromN8n('flatted');

async function main() {
  const client = new Client();
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT e.id, e."workflowId", e.status, e.mode, d.data
         FROM execution_entity e JOIN execution_data d ON d."executionId" = e.id
        WHERE $1::text IS NULL OR e."workflowId" = $1
        ORDER BY e.id`,
      [workflowId ?? null],
    );
    process.stdout.write(JSON.stringify(rows.map((row) => storedExecution(row, parse))));
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
