import { spawnSync } from 'node:child_process';
import type { SpawnSyncOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '@social-data/n8n-harness';
import type { PostgresConnection } from '@social-data/n8n-harness';
import { LoggedProcess, until } from '@social-data/test-support';

const DATABASE = 'n8n';
const SUPERUSER = 'postgres';

/** Debian keeps each major version's programs in /usr/lib/postgresql/<major>/bin; the newest wins. */
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors[0])
    throw new Error('PostgreSQL is not installed: apt-get install postgresql (.ci/run does it on CI)');
  return join(root, majors[0], 'bin');
}

/** initdb and postgres refuse to run as root, so as root the cluster belongs to `postgres`. */
function owner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, ...options });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`,
    );
  return String(result.stdout);
}

/**
 * A throwaway PostgreSQL cluster on a loopback port: its own data folder under the temp dir,
 * trust authentication.
 */
export class PostgresServer {
  private constructor(
    private readonly bin: string,
    private readonly folder: string,
    private readonly server: LoggedProcess,
    readonly connection: PostgresConnection,
  ) {}

  static async start(): Promise<PostgresServer> {
    const bin = binaries();
    const folder = mkdtempSync(join(tmpdir(), 'queue-mode-postgres-'));
    const user = owner();
    if (user) chownSync(folder, user.uid, user.gid);
    const data = join(folder, 'data');
    const asOwner = { cwd: folder, ...user };
    run(
      join(bin, 'initdb'),
      ['-D', data, '-U', SUPERUSER, '-A', 'trust', '--no-sync', '-E', 'UTF8'],
      asOwner,
    );
    const port = await freePort();
    const listen = ['-h', '127.0.0.1', '-p', String(port), '-k', folder];
    // Nothing here outlives the run, so nothing need survive a crash either.
    const durability = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'];
    const server = new LoggedProcess(
      join(bin, 'postgres'),
      ['-D', data, ...listen, ...durability.flatMap((setting) => ['-c', setting])],
      join(folder, 'postgres.log'),
      // PostgreSQL's fast shutdown: open sessions end, then the server stops.
      { ...asOwner, stopSignal: 'SIGINT', group: true },
    );
    const connection = { host: '127.0.0.1', port, database: DATABASE, user: SUPERUSER, password: '' };
    const postgres = new PostgresServer(bin, folder, server, connection);
    try {
      await until(
        'PostgreSQL to accept connections',
        () =>
          server.running && spawnSync(join(bin, 'pg_isready'), postgres.clientArgs('postgres')).status === 0,
        30_000,
        () => server.log,
      );
      run(join(bin, 'psql'), [...postgres.clientArgs('postgres'), '-c', `CREATE DATABASE ${DATABASE}`]);
    } catch (error) {
      await postgres.stop();
      throw error;
    }
    return postgres;
  }

  /** The whole database as SQL text, to search for what must never be stored in the clear. */
  dump(): string {
    return run(join(this.bin, 'pg_dump'), this.clientArgs(DATABASE));
  }

  async stop(): Promise<void> {
    await this.server.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }

  private clientArgs(database: string): string[] {
    const { host, port, user } = this.connection;
    return ['-h', host, '-p', String(port), '-U', user, '-d', database];
  }
}
