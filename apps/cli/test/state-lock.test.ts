import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockState } from '../src/run/state-lock';

/**
 * A run whose lock was taken from it (the machine slept past the stale time, or the lock was
 * removed) must stop before its next poll: the other run polls the same state now (C16).
 */
const folder = mkdtempSync(join(tmpdir(), 'state-lock-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Turns the event loop until `done`, letting the lock's file checks (real I/O behind the fake
 * clock) come back, however slow the disk: bounded by turns, not by time.
 */
async function turnUntil(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1_000_000 && !done(); turn += 1)
    await new Promise((resolve) => setImmediate(resolve));
}

const lost = (held: { check(): void }) => {
  try {
    held.check();
    return false;
  } catch {
    return true;
  }
};

it('refuses a second hold of one state, and lets it go on release', async () => {
  const state = join(folder, 'one.json');
  const first = await lockState(state);
  await expect(lockState(state)).rejects.toThrow(`Another watch is running on the state file ${state}.`);
  await first.release();
  expect(existsSync(`${state}.lock`)).toBe(false);
  await (await lockState(state)).release();
});

it('stops a run whose lock was taken from it, before its next poll', async () => {
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
  try {
    const state = join(folder, 'lost.json');
    const held = await lockState(state);
    expect(() => held.check()).not.toThrow();
    rmSync(`${state}.lock`, { recursive: true });
    // The lock is refreshed every 30 s: the refresh finds it gone.
    jest.advanceTimersByTime(30_000);
    await turnUntil(() => lost(held));
    expect(() => held.check()).toThrow(`The lock on ${state} was lost`);
    // Another run holds the state now: this one leaves that lock alone.
    const other = await lockState(state);
    await held.release();
    expect(existsSync(`${state}.lock`)).toBe(true);
    await other.release();
  } finally {
    jest.useRealTimers();
  }
});
