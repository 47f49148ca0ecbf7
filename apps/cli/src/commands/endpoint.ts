import { endpointSpec, isPaginated, isSimplifiable, recordKindOf } from '@social-data/core';
import { maxPagesField, pageSizeField, simplifyField, startCursorField } from '@social-data/core/feeds';
import type { EndpointId, SocialDataClient } from '@social-data/core';
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import { clientFor } from '../run/client';
import { runEndpoint } from '../run/export';
import type { Input, PagingOptions } from '../run/export';
import { collectValues } from '../run/inputs';
import { onInterrupt } from '../run/interrupt';
import { UsageError } from '../run/failure';
import { wholeNumber } from '../run/numbers';
import { camel, reportFailure } from './action';
import { fieldNames, isIdList, isSubject, kebab, optionParams, plural, positionalParam } from './names';
import { addConnectionOptions, addOutputOptions, flagOf, progressChoice } from './options';
import type { CommonOptions } from './options';

interface EndpointOptions extends CommonOptions, PagingOptions {
  input?: string;
  [param: string]: unknown;
}

function addPagingOptions(command: Command, id: EndpointId): void {
  command
    .option('--all', 'follow every page (with none of --all, --limit, --max-pages: the first page only)')
    .addOption(
      new Option('--limit <n>', 'stop after N records of each account, list... given').argParser(
        wholeNumber(1),
      ),
    )
    .addOption(flagOf(maxPagesField))
    .addOption(flagOf(startCursorField))
    .option('--checkpoint <file>', 'save where the export stands after every page; run again to continue');
  const pageSize = pageSizeField(id);
  if (!pageSize) return;
  // The API calls it count; here it is --page-size. The old name gets a pointer, not "unknown option".
  command.addOption(
    new Option('--count <n>').hideHelp().argParser(() => {
      throw new InvalidArgumentError('records per request are set with --page-size <n>.');
    }),
  );
  command.addOption(flagOf(pageSize));
}

/**
 * The runs a command line asks for: one per account, list, community or topic given (from the
 * arguments, `-` for stdin, or `--input FILE`); ids for a batch lookup go to one run whole.
 */
async function inputsOf(
  id: EndpointId,
  given: string[] | string | undefined,
  options: EndpointOptions,
): Promise<Input[]> {
  const base: Record<string, unknown> = {};
  for (const [name] of optionParams(id)) {
    const value = options[camel(kebab(name))];
    if (value !== undefined) base[name] = value;
  }
  const positional = positionalParam(id);
  if (!positional) return [{ params: base }];
  const [name, spec] = positional;
  if (!isSubject(spec) && !isIdList(spec)) return [{ params: { ...base, [name]: given } }];
  const listed = Array.isArray(given) ? given : [];
  const values = await collectValues(listed, options.input);
  // Values asked for from a pipe or a file that held none: nothing to do, which is no error
  // (an empty list upstream in cron). With nothing given at all, the argument is missing.
  const piped = listed.includes('-') || options.input !== undefined;
  if (values.length === 0 && piped && !options.quiet) {
    // Said, so a pipeline whose first command failed is not taken for one with nothing in it.
    const source = options.input !== undefined && options.input !== '-' ? options.input : 'stdin';
    process.stderr.write(`social-data: no values in ${source}; nothing was asked.\n`);
  }
  if (values.length === 0) return piped ? [] : [{ params: base }];
  if (isIdList(spec)) return [{ params: { ...base, [name]: values.join('\n') } }];
  // Values given as a list say whose each record is, however many the list holds, so that a
  // script's columns do not depend on the length of its file.
  const list = values.length > 1 || piped;
  return values.map((value) => ({
    params: { ...base, [name]: value },
    label: value,
    ...(list ? { tag: value } : {}),
  }));
}

/**
 * Arguments past the one the command takes. A word typed right after a switch (`--is-private
 * maybe`) was meant as its value, and commander read it as an argument, wherever the leftover
 * word ends up; otherwise a value with spaces was left unquoted.
 */
function refuseExcess(excess: readonly string[], given: readonly string[], argv: readonly string[]): void {
  if (excess.length === 0) return;
  const meant = given
    .map((flag) => ({ flag, word: argv[argv.indexOf(flag) + 1] }))
    .find(({ word }) => word !== undefined && !word.startsWith('-'));
  throw new UsageError(
    `too many arguments: ${excess.map((value) => JSON.stringify(value)).join(' ')}.`,
    meant
      ? `${meant.flag} takes no value, so ${JSON.stringify(meant.word)} was read as an argument: give ${meant.flag} alone for yes, and leave it out for no.`
      : 'Put a value with spaces in quotes.',
  );
}

/** One command per catalog entry: its arguments, options and help all read from the entry. */
export function addEndpointCommand(group: Command, id: EndpointId, operation: string): void {
  const spec = endpointSpec(id);
  const command = group
    .command(operation)
    .summary(spec.action)
    .description(spec.description)
    // After the options rather than in the description, which completion shows on one line.
    .addHelpText('after', `\nAPI endpoint ${spec.ref}: ${spec.method} ${spec.path}`);
  const positional = positionalParam(id);
  if (positional) {
    const [name, param] = positional;
    const many = isSubject(param) || isIdList(param);
    command.argument(
      many ? `[${kebab(name)}...]` : `<${kebab(name)}>`,
      `${param.description}${many ? ' Several may be given; - reads them from stdin.' : ''}`,
    );
    if (many)
      command.option(
        '--input <file>',
        // "tweet ids", "usernames", "communities": what one line of the file holds, in plural.
        `read the ${isIdList(param) ? param.displayName.toLowerCase() : plural(param.displayName.toLowerCase())} from FILE, one a line; lines starting with # are comments (- for stdin)`,
      );
    if (isSubject(param))
      command.option('--fail-fast', 'stop at the first input that fails (default: name it and go on)');
  }
  for (const [name, param] of optionParams(id))
    command.option(
      param.format === 'boolean' ? `--${kebab(name)}` : `--${kebab(name)} <value>`,
      param.description,
    );
  // A switch takes no value: `--is-private maybe` leaves "maybe" as one argument too many, which
  // the action explains in the switch's words rather than commander's count of arguments.
  const switches = optionParams(id)
    .filter(([, param]) => param.format === 'boolean')
    .map(([name]) => kebab(name));
  // A list argument takes every word after it; only one-value commands may have any left over.
  const checksExcess =
    switches.length > 0 && !(positional && (isSubject(positional[1]) || isIdList(positional[1])));
  if (checksExcess) command.allowExcessArguments(true);
  if (isPaginated(id)) addPagingOptions(command, id);
  addOutputOptions(command, isSimplifiable(id) ? simplifyField([recordKindOf(id)]) : undefined);
  addConnectionOptions(command);
  command.action(async (...args: unknown[]) => {
    const options = (positional ? args[1] : args[0]) as EndpointOptions;
    const given = (positional ? args[0] : undefined) as string[] | string | undefined;
    const interrupt = onInterrupt();
    let client: SocialDataClient | undefined;
    try {
      if (checksExcess)
        refuseExcess(
          command.args.slice(positional ? 1 : 0),
          switches.filter((flag) => options[camel(flag)] !== undefined).map((flag) => `--${flag}`),
          // The command line as typed: only it says which word came right after a switch.
          process.argv,
        );
      const inputs = await inputsOf(id, given, options);
      client = clientFor(options, interrupt.signal);
      await runEndpoint(
        client,
        id,
        inputs,
        { ...options, progress: progressChoice(options) },
        {
          ...options,
          command: `${group.name()} ${operation}`,
        },
      );
    } catch (error) {
      reportFailure(
        error,
        client,
        options.checkpoint,
        `${group.name()} ${operation}`,
        fieldNames(command, positional?.[0]),
      );
    } finally {
      interrupt.dispose();
    }
  });
}
