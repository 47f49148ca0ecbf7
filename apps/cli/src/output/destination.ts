import {
  closeSync,
  existsSync,
  ftruncateSync,
  fstatSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { UsageError } from '../run/failure';

/** Where the records go: stdout, or a file that gets its final name only once complete. */
export interface Destination {
  write(text: string): void;
  /** Bytes written so far, counted from the start of the output (a resumed part included). */
  readonly bytes: number;
  /** The run is complete: the file takes its final name. */
  finish(): void;
  /** The run failed or was stopped: the partial file stays for a resume, or goes. */
  abandon(keepPartial: boolean): void;
}

/** `FILE.partial` while an export runs; the name a checkpoint points a resume at. */
function partialPath(output: string): string {
  return `${output}.partial`;
}

class Stdout implements Destination {
  bytes = 0;

  write(text: string): void {
    // Synchronous for files and pipes on Linux, so what a checkpoint counts has been handed on.
    process.stdout.write(text);
    this.bytes += Buffer.byteLength(text);
  }

  finish(): void {}

  abandon(): void {}
}

/**
 * Written synchronously, so the byte count a checkpoint stores is in the file (the page cache,
 * which a crash of this process does not lose) when the checkpoint is saved.
 */
class PartialFile implements Destination {
  bytes: number;
  private readonly fd: number;

  constructor(
    private readonly output: string,
    resumeBytes: number | undefined,
  ) {
    const partial = partialPath(output);
    if (resumeBytes === undefined) {
      this.fd = openSync(partial, 'w', 0o644);
      this.bytes = 0;
      return;
    }
    if (!existsSync(partial))
      throw new UsageError(
        `The checkpoint continues ${partial}, which is missing.`,
        'Delete the checkpoint file to start the export over.',
      );
    this.fd = openSync(partial, 'r+');
    const size = fstatSync(this.fd).size;
    if (size < resumeBytes) {
      closeSync(this.fd);
      throw new UsageError(
        `${partial} holds ${size} bytes, fewer than the ${resumeBytes} the checkpoint counted.`,
        'Delete the checkpoint file and the partial file to start the export over.',
      );
    }
    // Lines written after the last checkpoint (a crash between the two) are cut off: the
    // resume point comes after them, so they are written again, once.
    ftruncateSync(this.fd, resumeBytes);
    this.bytes = resumeBytes;
  }

  write(text: string): void {
    // The string as it is: a copy into a Buffer first costs about as much as the write.
    const written = writeSync(this.fd, text, this.bytes);
    this.bytes += written;
    // A file takes a whole write but when the disk is full; a checkpoint must not count past that.
    if (written !== Buffer.byteLength(text))
      throw new Error(
        `Only ${written} of ${Buffer.byteLength(text)} bytes reached ${partialPath(this.output)}.`,
      );
  }

  finish(): void {
    closeSync(this.fd);
    renameSync(partialPath(this.output), this.output);
  }

  abandon(keepPartial: boolean): void {
    closeSync(this.fd);
    if (!keepPartial) rmSync(partialPath(this.output), { force: true });
  }
}

/** New items appended to a file that collects them run after run (`watch --output`). */
class AppendFile implements Destination {
  bytes = 0;
  private readonly fd: number;

  constructor(output: string) {
    this.fd = openSync(output, 'a', 0o644);
  }

  write(text: string): void {
    this.bytes += writeSync(this.fd, text);
  }

  finish(): void {
    closeSync(this.fd);
  }

  abandon(): void {
    closeSync(this.fd);
  }
}

export function openDestination(
  output: string | undefined,
  options: { resumeBytes?: number | undefined; append?: boolean } = {},
): Destination {
  if (output === undefined || output === '-') return new Stdout();
  try {
    return options.append ? new AppendFile(output) : new PartialFile(output, options.resumeBytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof UsageError || code === undefined) throw error;
    throw new UsageError(
      `--output: cannot write ${output} (${code}).`,
      'Give a file in a folder that exists and that you can write to.',
    );
  }
}
