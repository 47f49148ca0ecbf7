import { Option } from 'commander';
import { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, MAX_RETRIES_LIMIT } from '@social-data/core';
import type { Command } from 'commander';
import { FORMATS } from '@social-data/core/files';
import type { Format } from '@social-data/core/files';
import type { FormField } from '@social-data/core/feeds';
import type { ConnectionOptions } from '../run/client';
import { milliseconds, wholeNumber } from '../run/numbers';
import type { ProgressChoice } from '../run/progress';

/** The options commander parsed, as every command that calls the API reads them. */
export interface CommonOptions extends ConnectionOptions {
  format: Format;
  simplify?: boolean;
  output?: string;
  quiet?: boolean;
  progress?: boolean;
}

export function addConnectionOptions(command: Command): Command {
  return command
    .option(
      '--profile <name>',
      'profile of the config file to use (default: $SOCIAL_DATA_PROFILE or "default")',
    )
    .addOption(
      new Option(
        '--retries <n>',
        `extra attempts after a failure that may pass (default ${DEFAULT_MAX_RETRIES}, at most ${MAX_RETRIES_LIMIT})`,
      ).argParser(wholeNumber(0, MAX_RETRIES_LIMIT)),
    )
    .addOption(
      new Option('--timeout <seconds>', `per request (default ${DEFAULT_TIMEOUT_MS / 1000})`).argParser(
        milliseconds,
      ),
    )
    .option('--verbose', 'log each request on stderr (secrets are never shown)')
    .option(
      '--allow-insecure-http',
      'accept an http:// base URL on another machine (sends the key unencrypted)',
    );
}

const WRITE_HELP = 'write to FILE instead of stdout; it appears under that name once complete';

/**
 * The flag for one of core's form fields (`pageSize` is `--page-size <n>`): its help is the
 * field's first sentence, so the command line says what the other surfaces say.
 */
export function flagOf(field: FormField): Option {
  const sentence = field.description.split(/\.(?:\s|$)/)[0]!.replace(/^Whether to /, '');
  const help = `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;
  const flag = `--${field.name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  if (field.kind === 'boolean') return new Option(flag, help);
  // A text flag's value is named by the field's last word: --start-cursor <cursor>.
  if (field.kind !== 'count')
    return new Option(
      `${flag} <${field.name
        .split(/(?=[A-Z])/)
        .pop()!
        .toLowerCase()}>`,
      help,
    );
  return new Option(`${flag} <n>`, help).argParser(wholeNumber(field.min ?? 0, field.max));
}

/** Output flags; Simplify where the records take it. */
export function addOutputOptions(
  command: Command,
  simplify: FormField | undefined,
  outputHelp = WRITE_HELP,
): Command {
  command
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMATS).default('jsonl'))
    .option('-o, --output <file>', outputHelp)
    .option('-q, --quiet', 'no progress on stderr')
    .option('--progress', 'progress on stderr even when it is not a terminal');
  if (simplify) command.addOption(flagOf(simplify));
  return command;
}

/**
 * `auto` draws on a terminal's stderr, unless the records scroll through that terminal too: a bar
 * redrawn between lines of output garbles both.
 */
export function progressChoice(options: {
  quiet?: boolean;
  progress?: boolean;
  output?: string;
}): ProgressChoice {
  if (options.quiet) return 'off';
  if (options.progress) return 'on';
  const recordsOnTerminal = (options.output === undefined || options.output === '-') && process.stdout.isTTY;
  return recordsOnTerminal ? 'off' : 'auto';
}
