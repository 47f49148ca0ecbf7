import {
  AuthenticationError,
  CancelledError,
  ConnectionError,
  CreditsExhaustedError,
  RedirectError,
  SETTING_VARIABLES,
  SocialDataError,
  TimeoutError,
  ValidationError,
  errorInHostWords,
  hints,
  inHostWords,
} from '@social-data/core';

/** The documented exit codes (README, `--help`). */
export const EXIT = { ok: 0, failure: 1, usage: 2, uncertain: 3, interrupted: 130 } as const;

/** Bad usage or input that the command itself noticed (a flag, a file, the config). */
export class UsageError extends Error {
  override name = 'UsageError';
  constructor(
    message: string,
    readonly hint = 'Run the command with --help to see its arguments and options.',
  ) {
    super(message);
  }
}

/** The run stopped itself to keep a promise it could no longer keep (exit 1), saying what to do. */
export class Stopped extends Error {
  override name = 'Stopped';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** The run was stopped with Ctrl-C (or SIGTERM); what it wrote is saved. */
export class Interrupted extends Error {
  override name = 'Interrupted';

  /** What the user can do next time, when the interruption cost them what was read. */
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** The fix in a terminal is a variable or `configure`, said more precisely than core can. */
const TERMINAL_HINTS: Array<[new (...args: never[]) => Error, string]> = [
  [
    AuthenticationError,
    'Check the API key: set SOCIAL_DATA_API_KEY or run social-data configure (keys start with tda_).',
  ],
  [
    ConnectionError,
    'Could not reach the API. Check the base URL (SOCIAL_DATA_BASE_URL or social-data configure) and your network.',
  ],
  [
    RedirectError,
    'The API answered with a redirect, which is never followed. Put the address the API answers at in SOCIAL_DATA_BASE_URL or the profile (usually https://).',
  ],
];

/** Where a terminal's own hint replaces core's: the settings live in a profile or a variable. */
function terminalHint(error: SocialDataError): string | undefined {
  // Only "could not reach" is said in a terminal's words: a connection that broke mid-answer
  // reached the API, and a list it may have created must not be created twice.
  if (error instanceof ConnectionError && error.hint !== hints.connection) return undefined;
  if (error instanceof TimeoutError && error.hint === hints.timeout)
    return 'The API did not answer in time. Run again, or give a longer --timeout (in seconds).';
  for (const [kind, hint] of TERMINAL_HINTS) if (error instanceof kind) return hint;
  if (!(error instanceof ValidationError)) return undefined;
  const variable = SETTING_VARIABLES;
  if (error.hint === hints.session)
    return `Set ${variable.cookie} and ${variable.proxy}, or run social-data configure: the cookie of a browser logged in to your account, and your proxy.`;
  if (error.field === 'cookie')
    return `Set ${variable.cookie} or run social-data configure: copy the cookie again from a logged-in browser.`;
  if (error.field === 'proxy')
    return `Set ${variable.proxy} or run social-data configure: an http://, https://, socks5:// or socks5h:// URL with a host.`;
  if (error.field === 'apiKey' || error.field === 'baseUrl')
    return `Set ${variable[error.field]} or run social-data configure.`;
  return undefined;
}

/**
 * A failure every other input of the run would meet too (a rejected key, no credits, no
 * connection at all, Ctrl-C, bad usage): the run stops there instead of going on to the next input.
 */
export function stopsEveryInput(error: unknown): boolean {
  return (
    exitCodeOf(error) !== EXIT.failure ||
    error instanceof AuthenticationError ||
    error instanceof CreditsExhaustedError ||
    (error instanceof ConnectionError && !error.reachedServer)
  );
}

/** Some inputs of a run failed, each already named on stderr; the others were written. */
export class InputsFailed extends Error {
  override name = 'InputsFailed';
  constructor(
    readonly failed: string[],
    readonly total: number,
  ) {
    super(`${failed.length} of ${total} inputs failed: ${failed.join(', ')}`);
  }
}

/** Local input checks (no status) are usage; what the API or the network answered is a failure. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof Interrupted || error instanceof CancelledError) return EXIT.interrupted;
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof ValidationError && error.status === undefined) return EXIT.usage;
  return EXIT.failure;
}

/** Core's name of an input, as the command line knows it; undefined where it has none. */
export type FieldNames = (field: string) => string | undefined;

/** Where a terminal user keeps the key, cookie, proxy and base URL. */
const TERMINAL_SETTINGS = 'your profile (social-data configure) or its SOCIAL_DATA_* variable';

/**
 * The message and the hint of a failure, as printed on stderr, in a terminal's words: settings
 * are a profile or a variable, the operation is the command (`user followers`) wherever core
 * names one of the requests it made, and an input is the argument or option it was given as
 * (`fields`). Core's errors are redacted already; anything else (a file system error) goes
 * through the run's redactor too.
 */
export function describe(
  error: unknown,
  redact: (text: string) => string = (text) => text,
  command?: string,
  fields?: FieldNames,
): string {
  if (error instanceof UsageError || error instanceof Stopped)
    return redact(`social-data: ${error.message}\nhint: ${error.hint}`);
  if (error instanceof InputsFailed)
    return redact(
      `social-data: ${error.message}\nhint: the other inputs were written; run again with the failed ones, after checking them.`,
    );
  if (error instanceof SocialDataError) {
    const words = { settings: TERMINAL_SETTINGS, operation: command && `\`${command}\``, field: fields };
    const { message, hint: coreHint } = errorInHostWords(error, words);
    const own = terminalHint(error);
    const hint = own === undefined ? coreHint : inHostWords(own, words, error.endpoint);
    return redact(`social-data: ${message}${hint ? `\nhint: ${hint}` : ''}`);
  }
  return redact(`social-data: ${error instanceof Error ? error.message : String(error)}`);
}
