import { spawnSync } from 'node:child_process';

import type { StoredExecution } from './execution';
import type { Runtime } from './install';
import { READ_POSTGRES_EXECUTIONS_SCRIPT } from './paths';

/** Where an n8n in queue mode keeps its database. */
export interface PostgresConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
}

/** The settings that point n8n (main and every worker alike) at a PostgreSQL database. */
export function postgresEnvironment(connection: PostgresConnection): Record<string, string> {
  return {
    DB_TYPE: 'postgresdb',
    DB_POSTGRESDB_HOST: connection.host,
    DB_POSTGRESDB_PORT: String(connection.port),
    DB_POSTGRESDB_DATABASE: connection.database,
    DB_POSTGRESDB_USER: connection.user,
    DB_POSTGRESDB_PASSWORD: connection.password,
  };
}

/**
 * The executions n8n stored in PostgreSQL, with each node's output items, optionally of one
 * workflow. Read through n8n's own `pg` and `flatted` by the Node that runs that n8n.
 */
export function postgresExecutions(
  runtime: Runtime,
  connection: PostgresConnection,
  workflowId?: string,
): StoredExecution[] {
  const args = [READ_POSTGRES_EXECUTIONS_SCRIPT, runtime.bin];
  const result = spawnSync(runtime.node, workflowId ? [...args, workflowId] : args, {
    env: {
      ...process.env,
      PGHOST: connection.host,
      PGPORT: String(connection.port),
      PGDATABASE: connection.database,
      PGUSER: connection.user,
      PGPASSWORD: connection.password,
    },
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`reading executions from PostgreSQL failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as StoredExecution[];
}
