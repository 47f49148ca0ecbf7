/**
 * What the demo and the dev editor print while they work: numbered steps with their time, and
 * for long steps (installing n8n, waiting for a poll) a sign of life, so nobody wonders whether
 * it hangs: in a terminal one line that updates in place with the step's current part and its
 * seconds; in a log (CI, a pipe) each part once and a line a minute.
 */
export class Progress {
  private readonly started = Date.now();
  private count = 0;

  constructor(
    private readonly write: (line: string) => void = (line) => console.log(line),
    private readonly terminal: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
  ) {}

  get elapsedSeconds(): number {
    return Math.round((Date.now() - this.started) / 1000);
  }

  step(title: string): void {
    this.count += 1;
    this.write(`\n[${this.count}] ${title}`);
  }

  info(line: string): void {
    this.write(`    ${line}`);
  }

  /**
   * Runs a long piece of work; `work` may name the part it is at (`say`). Says how long it took.
   * The live line is redrawn every `tickMs`; a log gets a line every `logEveryMs`.
   */
  async long<T>(
    title: string,
    work: (say: (part: string) => void) => Promise<T>,
    { tickMs = 1_000, logEveryMs = 60_000 } = {},
  ): Promise<T> {
    const started = Date.now();
    const seconds = () => Math.round((Date.now() - started) / 1000);
    const live = this.terminal.isTTY === true;
    let part = '';
    const draw = () =>
      this.terminal.write(`\r\x1b[K    … ${title}${part ? `: ${part}` : ''} (${seconds()} s)`);
    const say = (next: string) => {
      part = next;
      if (live) draw();
      else this.info(`… ${next}`);
    };
    if (live) draw();
    else this.info(`${title} …`);
    const ticker = live
      ? setInterval(draw, tickMs)
      : setInterval(() => this.info(`… ${title}, still running (${seconds()} s)`), logEveryMs);
    try {
      const result = await work(say);
      if (live) this.terminal.write('\r\x1b[K');
      this.info(`${title}: done in ${seconds()} s`);
      return result;
    } catch (error) {
      if (live) this.terminal.write('\n');
      throw error;
    } finally {
      clearInterval(ticker);
    }
  }
}
