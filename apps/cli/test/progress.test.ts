import { barOnScreen, createProgress } from '../src/run/progress';

describe('the progress bar', () => {
  it("gives a resumed export's rate from this run's records, not the ones an earlier run wrote", async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      let clock = 1_000;
      // 198,000 records came from the interrupted run; this one adds 2,000 in 2 s.
      const progress = await createProgress('on', 200_000, () => clock, 198_000);
      clock += 2_000;
      progress.update(200_000, 1_000);
      progress.stop();
    } finally {
      spy.mockRestore();
    }
    const text = written.join('');
    expect(text).toMatch(/200,000\/200,000 records \| 1,000 pages \| 1,000\/s/);
  });

  it('says when a bar is on screen, so a retry wait writes no line into it', async () => {
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(barOnScreen()).toBe(false);
      const progress = await createProgress('on', 10);
      expect(barOnScreen()).toBe(true);
      progress.stop();
      expect(barOnScreen()).toBe(false);
      // No bar at all (--quiet): nothing is on screen.
      await createProgress('off', 10);
      expect(barOnScreen()).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});
