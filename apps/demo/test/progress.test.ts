import { Progress } from '../src/progress';

/** A Progress whose lines and terminal writes are kept, as a terminal or as a log. */
function recorded(isTTY: boolean) {
  const lines: string[] = [];
  const drawn: string[] = [];
  const progress = new Progress((line) => lines.push(line), { isTTY, write: (text) => drawn.push(text) });
  return { progress, lines, drawn };
}

describe("the demo's progress on a long step", () => {
  afterEach(() => jest.useRealTimers());

  it('in a terminal: one line redrawn in place with the part and the seconds, then one line when done', async () => {
    jest.useFakeTimers();
    const { progress, lines, drawn } = recorded(true);
    const work = progress.long('installing n8n 2.41.1', async (say) => {
      say('downloading and unpacking');
      await jest.advanceTimersByTimeAsync(3_000);
      say('rebuilding sqlite3');
      await jest.advanceTimersByTimeAsync(2_000);
    });
    await work;
    // Every draw starts at the line's beginning and clears it: the terminal shows one line.
    expect(drawn.every((text) => text.startsWith('\r\x1b[K'))).toBe(true);
    expect(drawn).toContain('\r\x1b[K    … installing n8n 2.41.1: downloading and unpacking (3 s)');
    expect(drawn).toContain('\r\x1b[K    … installing n8n 2.41.1: rebuilding sqlite3 (5 s)');
    expect(lines).toEqual(['    installing n8n 2.41.1: done in 5 s']);
  });

  it('in a log: each part once and a line a minute, not one every few seconds', async () => {
    jest.useFakeTimers();
    const { progress, lines, drawn } = recorded(false);
    await progress.long('installing n8n 2.41.1', async (say) => {
      say('downloading and unpacking');
      await jest.advanceTimersByTimeAsync(12 * 60_000);
      say('rebuilding sqlite3');
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(drawn).toEqual([]);
    expect(lines[0]).toBe('    installing n8n 2.41.1 …');
    expect(lines.filter((line) => line.includes('still running'))).toHaveLength(13);
    expect(lines.filter((line) => line.includes('rebuilding sqlite3'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('    installing n8n 2.41.1: done in 780 s');
  });
});
