// Prints the executions stored in an n8n database as JSON: id, workflow, status, mode and each node's
// output items; only one workflow's when its id is given, since all of a big run's items would
// not fit in one string. Run by the n8n runtime's own Node, so its sqlite3 build and flatted load as n8n
// loads them (n8n 2.x's native module is built for Node 24, not the Node running jest).
const { createRequire } = require('node:module');

const { storedExecution } = require('./stored-execution.cjs');

const [n8nBin, database, workflowId] = process.argv.slice(2);
const fromN8n = createRequire(n8nBin);
const sqlite3 = fromN8n('sqlite3');
const { parse } = fromN8n('flatted');

const db = new sqlite3.Database(database, sqlite3.OPEN_READONLY);
db.all(
  `SELECT e.id, e.workflowId, e.status, e.mode, d.data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id${workflowId ? ' WHERE e.workflowId = ?' : ''} ORDER BY e.id`,
  workflowId ? [workflowId] : [],
  (error, rows) => {
    if (error) throw error;
    process.stdout.write(JSON.stringify(rows.map((row) => storedExecution(row, parse))));
    db.close();
  },
);
