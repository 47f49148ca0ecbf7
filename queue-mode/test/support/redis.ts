import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '@social-data/n8n-harness';
import { LoggedProcess, until } from '@social-data/test-support';

/** A throwaway Redis on a loopback port that keeps nothing on disk unless asked for a snapshot. */
export class RedisServer {
  private constructor(
    private readonly folder: string,
    private readonly server: LoggedProcess,
    readonly port: number,
  ) {}

  static async start(): Promise<RedisServer> {
    const folder = mkdtempSync(join(tmpdir(), 'queue-mode-redis-'));
    const port = await freePort();
    const listen = ['--bind', '127.0.0.1', '--port', String(port)];
    // Nothing on disk but snapshots asked for, uncompressed, so a search sees every value as stored.
    const storage = ['--dir', folder, '--save', '', '--appendonly', 'no', '--rdbcompression', 'no'];
    const server = new LoggedProcess('redis-server', [...listen, ...storage], join(folder, 'redis.log'), {
      group: true,
    });
    const redis = new RedisServer(folder, server, port);
    try {
      await until(
        'Redis to answer',
        () => server.running && redis.cli(['ping']).stdout === 'PONG\n',
        15_000,
        () => server.log,
      );
    } catch (error) {
      await redis.stop();
      throw error;
    }
    return redis;
  }

  /** Everything Redis holds (queued and finished jobs included), as snapshot bytes read as text. */
  snapshot(): string {
    const file = join(this.folder, 'snapshot.rdb');
    const result = this.cli(['--rdb', file]);
    if (result.status !== 0) throw new Error(`redis-cli --rdb failed:\n${result.stderr}`);
    return readFileSync(file).toString('latin1');
  }

  async stop(): Promise<void> {
    await this.server.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }

  private cli(args: string[]) {
    return spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(this.port), ...args], {
      encoding: 'utf8',
    });
  }
}
