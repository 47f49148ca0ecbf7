import { freePort, startOnFreePorts } from '../src/ports';
import type { N8nProcess } from '../src/server-process';

/** A process that has already exited, having written `log`. */
const exited = (log: string): N8nProcess => ({
  logFile: '',
  exited: Promise.resolve(1),
  running: false,
  log,
  stop: async () => undefined,
  kill: async () => undefined,
});

describe('starting n8n on ports it may lose to another process', () => {
  it('never hands out the same port twice in one process', async () => {
    const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()));
    expect(new Set(ports).size).toBe(50);
  });

  it('starts again on new ports when n8n stopped for a port in use, keeping the log of the one that gave up', async () => {
    const logs = ['Error: listen EADDRINUSE: address already in use 127.0.0.1:5678', 'ready'];
    const gaveUp: string[] = [];
    let starts = 0;
    const started = await startOnFreePorts(
      async () => exited(logs[starts++]!),
      (process) => process,
      async (process) => {
        if (process.log !== 'ready') throw new Error('n8n exited before it was ready');
      },
      (process) => gaveUp.push(process.log),
    );
    expect(started.log).toBe('ready');
    expect(gaveUp).toEqual([logs[0]]);
  });

  it('gives up after three starts that all lost their port, with the last error', async () => {
    let starts = 0;
    const start = startOnFreePorts(
      async () => exited(`Port 3900${++starts} is already in use`),
      (process) => process,
      async (process) => {
        throw new Error(`not ready: ${process.log}`);
      },
    );
    await expect(start).rejects.toThrow('not ready: Port 39003 is already in use');
    expect(starts).toBe(3);
  });

  it('does not start again when n8n failed for another reason', async () => {
    let starts = 0;
    const start = startOnFreePorts(
      async () => {
        starts++;
        return exited('There was an error running database migrations');
      },
      (process) => process,
      async () => {
        throw new Error('n8n exited before it was ready');
      },
    );
    await expect(start).rejects.toThrow('n8n exited before it was ready');
    expect(starts).toBe(1);
  });
});
