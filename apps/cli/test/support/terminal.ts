import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';
import { until } from '@social-data/test-support';

export function tmuxInstalled(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

/** A prompt with nothing typed after it, below the command line. */
const PROMPT_AFTER = /\n\[(\d+)\] \$\s*$/;
/** How long a command may run before it counts as hung: 2.5 times the slowest export seen. */
const HANG_GUARD_MS = 300_000;

interface Frame {
  ms: number;
  screen: string;
}

/**
 * A real terminal: a tmux server of its own (its own socket, no user config) running bash, driven
 * with send-keys and read with capture-pane. Every screen read is kept as a frame, so the session
 * can be replayed as an asciicast.
 */
export class Terminal {
  readonly width = 100;
  readonly height = 16;
  private readonly socket = `social-data-cli-test-${process.pid}`;
  private readonly started = Date.now();
  private readonly frames: Frame[] = [];
  /** Off for checks that would only make the recording longer, not clearer. */
  recording = true;

  constructor(env: Record<string, string | undefined>, cwd: string) {
    this.tmux(
      [
        '-f',
        '/dev/null',
        'new-session',
        '-d',
        '-s',
        'main',
        '-x',
        String(this.width),
        '-y',
        String(this.height),
        'bash --norc --noprofile',
      ],
      { env: { ...env, TERM: 'xterm-256color', LANG: 'C.UTF-8' }, cwd },
    );
    // A short prompt with the last exit code, which the tests wait for and the recording shows.
    this.type("PS1='[$?] $ '");
    this.press('Enter', 'C-l');
  }

  /** Types text literally (no key names), without Enter. */
  type(text: string): void {
    this.tmux(['send-keys', '-t', 'main', '-l', text]);
  }

  /** Presses keys by tmux name: Enter, C-c. */
  press(...keys: string[]): void {
    this.tmux(['send-keys', '-t', 'main', ...keys]);
  }

  /** The visible screen, kept as a frame with its colours. */
  screen(): string {
    const colored = this.tmux(['capture-pane', '-p', '-e', '-J', '-t', 'main']);
    const last = this.frames.at(-1);
    if (this.recording && last?.screen !== colored)
      this.frames.push({ ms: Date.now() - this.started, screen: colored });
    return stripVTControlCharacters(colored);
  }

  /** Everything the terminal showed, scrollback included. */
  history(): string {
    return this.tmux(['capture-pane', '-p', '-J', '-S', '-', '-t', 'main']);
  }

  async waitFor(what: string, pattern: RegExp, ms = 60_000): Promise<string> {
    let seen = '';
    await until(
      what,
      () => pattern.test((seen = this.screen())),
      ms,
      () => `screen:\n${seen}`,
    );
    return seen;
  }

  /** Types a command line on a cleared screen and presses Enter. */
  enter(line: string): void {
    this.press('C-l');
    this.type(line);
    this.press('Enter');
  }

  /**
   * Waits for the next prompt, which shows the exit code of the command before it. The default is
   * a hang guard: a 100,000-follower export took 2 minutes on a busy machine.
   */
  async exitCode(ms = HANG_GUARD_MS): Promise<number> {
    const screen = await this.waitFor('the command to end', PROMPT_AFTER, ms);
    return Number(PROMPT_AFTER.exec(screen)![1]);
  }

  /** Runs a command line to its end; its exit code. */
  async run(line: string, ms = HANG_GUARD_MS): Promise<number> {
    this.enter(line);
    return this.exitCode(ms);
  }

  /** The session as an asciicast v2 file: each frame redraws the screen at its moment. */
  saveCast(path: string): void {
    const header = { version: 2, width: this.width, height: this.height, env: { TERM: 'xterm-256color' } };
    const events = this.frames.map((frame) => [
      frame.ms / 1000,
      'o',
      `\u001b[2J\u001b[H${frame.screen.replace(/\n+$/, '').replace(/\n/g, '\r\n')}`,
    ]);
    writeFileSync(path, [header, ...events].map((line) => JSON.stringify(line)).join('\n'));
  }

  close(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
  }

  private tmux(
    args: string[],
    options: { env?: Record<string, string | undefined>; cwd?: string } = {},
  ): string {
    const result = spawnSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8', ...options });
    if (result.status !== 0) throw new Error(`tmux ${args[0]} failed: ${result.stderr}`);
    return result.stdout;
  }
}
