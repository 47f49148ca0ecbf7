import {
  freePort,
  N8nInstance,
  postgresEnvironment,
  postgresExecutions,
  runnerBrokerEnvironment,
  startOnFreePorts,
} from '@social-data/n8n-harness';
import type { N8nLine, N8nProcess, PostgresConnection, StoredExecution } from '@social-data/n8n-harness';

import { until } from '@social-data/test-support';

/**
 * What the main and every worker must share in queue mode. The lock and stall settings make a
 * crashed worker's running jobs come back after about 15–20 s instead of n8n's 60–90 s: a lock
 * renewed every 5 s is taken for dead after 15 s, and stalled jobs are looked for every 5 s.
 */
export function queueEnvironment(postgres: PostgresConnection, redisPort: number): Record<string, string> {
  return {
    N8N_ENCRYPTION_KEY: 'queue-mode-suite-encryption-key',
    EXECUTIONS_MODE: 'queue',
    QUEUE_BULL_REDIS_HOST: '127.0.0.1',
    QUEUE_BULL_REDIS_PORT: String(redisPort),
    ...postgresEnvironment(postgres),
    QUEUE_WORKER_LOCK_DURATION: '15000',
    QUEUE_WORKER_LOCK_RENEW_TIME: '5000',
    QUEUE_WORKER_STALLED_INTERVAL: '5000',
  };
}

export interface Worker {
  name: string;
  /** The user folder it runs on, with the package installed: a restart reuses it. */
  instance: N8nInstance;
  process: N8nProcess;
}

const executionIds = (log: string, verb: 'started' | 'finished') =>
  new Set([...log.matchAll(new RegExp(`Worker ${verb} execution (\\d+)`, 'g'))].map((match) => match[1]!));

/**
 * One n8n main and its workers on a shared PostgreSQL and Redis. Each process has a user folder
 * of its own with the community package installed, as separate machines would.
 */
export class QueueCluster {
  readonly env: Record<string, string>;
  readonly workers: Worker[] = [];
  main: N8nInstance;
  url = '';
  private readonly instances: N8nInstance[] = [];

  constructor(
    readonly line: N8nLine,
    readonly postgres: PostgresConnection,
    redisPort: number,
    extraEnv: Record<string, string> = {},
  ) {
    this.env = { ...queueEnvironment(postgres, redisPort), ...extraEnv };
    this.main = this.instance('main');
  }

  async startMain(): Promise<string> {
    this.url = await this.main.start();
    return this.url;
  }

  /**
   * Stops the main, runs `meanwhile`, and starts a new main on a fresh user folder, so nothing
   * but PostgreSQL and Redis carries over from the old one.
   */
  async replaceMain(meanwhile: () => Promise<void>): Promise<string> {
    await this.main.stop();
    await meanwhile();
    this.main = this.instance('main');
    return this.startMain();
  }

  /** A worker on `instance`'s user folder (a restart), or on a fresh one; again on new ports if one was taken. */
  async startWorker(name: string, instance = this.instance('worker')): Promise<Worker> {
    const { started } = await startOnFreePorts(
      () => this.spawnWorker(name, instance),
      (spawned) => spawned.started,
      (spawned) => this.untilReady(name, spawned.health, spawned.started),
    );
    const worker = { name, instance, process: started };
    this.workers.push(worker);
    return worker;
  }

  private async spawnWorker(name: string, instance: N8nInstance) {
    const health = await freePort();
    const started = instance.spawn(['worker', '--concurrency=5'], `${name.replace(/\W+/g, '-')}.log`, {
      QUEUE_HEALTH_CHECK_ACTIVE: 'true',
      QUEUE_HEALTH_CHECK_PORT: String(health),
      N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
      ...(await runnerBrokerEnvironment(instance.runtime)),
    });
    return { health, started };
  }

  private untilReady(name: string, health: number, process: N8nProcess): Promise<void> {
    return until(
      `${name} to be ready`,
      async () => {
        if (!process.running) throw new Error(`${name} exited:\n${process.log.slice(-3000)}`);
        return fetch(`http://127.0.0.1:${health}/healthz/readiness`).then(
          (response) => response.ok,
          () => false,
        );
      },
      // Three n8n 2.x processes starting at once on two busy cores took over 90 s here.
      240_000,
      () => process.log.slice(-3000),
    );
  }

  startedBy(worker: Worker): Set<string> {
    return executionIds(worker.process.log, 'started');
  }

  finishedBy(worker: Worker): Set<string> {
    return executionIds(worker.process.log, 'finished');
  }

  executions(workflowId: string): StoredExecution[] {
    return postgresExecutions(this.main.runtime, this.postgres, workflowId);
  }

  /** Everything n8n printed: its commands' output and the logs of every main and worker. */
  logs(): string[] {
    return [
      ...this.instances.flatMap((instance) => instance.transcript),
      this.main.log,
      ...this.workers.map((worker) => worker.process.log),
    ];
  }

  /** Stops every n8n process and deletes every user folder. */
  async stop(): Promise<void> {
    await Promise.all(this.instances.map((instance) => instance.remove()));
  }

  private instance(role: string): N8nInstance {
    const instance = new N8nInstance(this.line, {
      prefix: `queue-mode-${this.line}-${role}-`,
      env: this.env,
    });
    this.instances.push(instance);
    return instance;
  }
}
