/**
 * What the demo and the dev editor print while they work: numbered steps with their time, and
 * for long steps (installing n8n, waiting for a poll) a line every few seconds, so nobody
 * wonders whether it hangs.
 */
export class Progress {
  private readonly started = Date.now();
  private count = 0;

  constructor(private readonly write: (line: string) => void = (line) => console.log(line)) {}

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

  /** Runs a long piece of work, saying every `everyMs` that it still runs and how long it took. */
  async long<T>(title: string, work: () => Promise<T>, everyMs = 10_000): Promise<T> {
    const started = Date.now();
    const seconds = () => Math.round((Date.now() - started) / 1000);
    this.info(`${title} …`);
    const ticker = setInterval(() => this.info(`… ${title} (${seconds()} s)`), everyMs);
    try {
      const result = await work();
      this.info(`${title}: done in ${seconds()} s`);
      return result;
    } finally {
      clearInterval(ticker);
    }
  }
}
