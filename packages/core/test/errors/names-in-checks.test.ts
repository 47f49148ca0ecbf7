import {
  USER_SETTINGS,
  ValidationError,
  catalog,
  endpointIds,
  endpointSpec,
  errorInHostWords,
  inputParams,
  isPaginated,
  normalizeParams,
} from '../../src';
import type { EndpointId, PaginatedId, SocialDataClient } from '../../src';
import { filterFields, formFilter, takesFilters } from '../../src/feeds';
import { testClient } from '../support/client';

/**
 * The class of the checks core makes of a form before a request: each endpoint's inputs, each
 * setting of the client, each option of a paged read, each tweet filter, given values of every
 * kind a form, a flag or an agent can hand over. (An agent's own arguments and a media download's
 * are checked in their own words by `agent/` and `media/`, outside this class.) The invariant: a code name such a check writes (`is_private`, `allowInsecureHttp`,
 * `getUserTweets`) is one a surface has a name for, and once the surface's words are applied no
 * code name is left outside the user's own quoted value. A name outside that set would reach the
 * user as code on every surface.
 */

/** Values of every kind: blank, malformed, out of range, of the wrong type, too long. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'not valid!!',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  'x'.repeat(700),
  '@',
  'https://x.com/',
  'https://example.com/a/b',
  'http://203.0.113.7',
  'https://user:pass@example.com',
  'ftp://example.com',
  '1,abc',
  'a=b',
  'auth_token=;',
  'tda_ with space',
  'tda_é',
  {},
  [],
  [null],
  ['', 'x y'],
  1.5,
  -3,
  0,
  true,
  Number.NaN,
];

/** Settings a surface passes itself, and options of a paged read each surface has a field for. */
const TUNING = ['maxRetries', 'timeoutMs', 'concurrency', 'maxResponseBytes', 'requestsPerSecond'];
const READ_OPTIONS = ['pageSize', 'limit', 'maxPages', 'startCursor'];
/** The output field a paged read's answer carries, named as the user sees it in its items. */
const OUTPUT_FIELDS = ['next_cursor'];

const IDENTIFIER = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+|[A-Z][a-z0-9]*)+\b/g;

/** The code names a text holds outside double-quoted values (which are the user's own). */
function codeNames(text: string): string[] {
  return text
    .split(/("(?:[^"\\]|\\.)*")/)
    .filter((_, index) => index % 2 === 0)
    .flatMap((part) => part.match(IDENTIFIER) ?? []);
}

interface Check {
  where: string;
  endpoint?: EndpointId;
  error: ValidationError;
}

function refused(run: () => unknown): ValidationError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  return undefined;
}

const requiredOf = (id: EndpointId) =>
  Object.fromEntries(
    inputParams(id)
      .filter(([, spec]) => spec.required)
      .map(([name, spec]) => [name, spec.format === 'boolean' ? true : '123']),
  );

/** The refusal of a paged read: some options are refused when it is opened, others at its first page. */
async function firstPageRefusal(
  client: SocialDataClient,
  id: PaginatedId,
  options: Record<string, unknown> = {},
): Promise<ValidationError | undefined> {
  const read = async () => client.paginateUntyped(id, requiredOf(id), { maxPages: 1, ...options }).toArray();
  return read().then(
    () => undefined,
    (failure: unknown) => (failure instanceof ValidationError ? failure : undefined),
  );
}

/** Every refusal of the class, with where it came from. */
async function everyCheck(): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (where: string, error: ValidationError | undefined, endpoint?: EndpointId) => {
    if (error) checks.push({ where, error, ...(endpoint ? { endpoint } : {}) });
  };
  for (const id of endpointIds)
    for (const [name] of inputParams(id))
      for (const value of BAD_VALUES)
        add(
          `${id} ${name}=${String(value)}`,
          refused(() => normalizeParams(id, { ...requiredOf(id), [name]: value })),
          id,
        );
  const transport = () => Promise.reject(new Error('a check let a request through'));
  // The cookie and the proxy are checked when an own-session endpoint is read.
  const session = endpointIds.filter(isPaginated).find((id) => catalog[id].mode === 'session')!;
  for (const setting of [...USER_SETTINGS, ...TUNING])
    for (const value of BAD_VALUES) {
      const made = () => testClient({ [setting]: value, transport }).client;
      const error = refused(made) ?? (await firstPageRefusal(made(), session));
      add(`setting ${setting}=${String(value)}`, error);
    }
  const { client } = testClient({ transport });
  // With a keyword beside each, so that Keyword Match is checked too.
  for (const id of endpointIds.filter(takesFilters))
    for (const { name } of filterFields(id, true))
      for (const value of BAD_VALUES)
        add(
          `${id} filter ${name}=${String(value)}`,
          refused(() => formFilter({ keywords: 'a word', [name]: value })),
          id,
        );
  for (const id of endpointIds.filter(isPaginated))
    for (const option of READ_OPTIONS)
      for (const value of BAD_VALUES)
        add(`${id} ${option}=${String(value)}`, await firstPageRefusal(client, id, { [option]: value }), id);
  return checks;
}

describe('what core checks before a request names only what a surface can name', () => {
  let checks: Check[] = [];
  beforeAll(async () => {
    checks = await everyCheck();
  });

  const nameable = (endpoint?: EndpointId) =>
    new Set([
      ...(endpoint
        ? [
            endpoint,
            ...inputParams(endpoint).map(([name]) => name),
            ...(takesFilters(endpoint) ? filterFields(endpoint, true).map(({ name }) => name) : []),
          ]
        : []),
      ...USER_SETTINGS,
      ...TUNING,
      ...READ_OPTIONS,
      ...OUTPUT_FIELDS,
    ]);

  it('refuses values of every kind, for every input, setting, read option and filter', () => {
    // A domain that lost its refusals would prove nothing: each part of it refuses something, on
    // each endpoint of its own.
    const refusedHere = new Set(
      checks.map(({ endpoint, error }) => `${endpoint ?? ''} ${error.field?.replace(/\[\d+\]$/, '')}`),
    );
    for (const id of endpointIds) {
      for (const [name] of inputParams(id)) expect(refusedHere).toContain(`${id} ${name}`);
      if (isPaginated(id))
        for (const name of ['pageSize', 'maxPages', 'startCursor'].filter(
          (option) => option !== 'pageSize' || endpointSpec(id).count,
        ))
          expect(refusedHere).toContain(`${id} ${name}`);
      if (takesFilters(id))
        for (const { name, kind } of filterFields(id, true))
          if (['count', 'choice', 'date'].includes(kind)) expect(refusedHere).toContain(`${id} ${name}`);
    }
    for (const name of [...USER_SETTINGS, ...TUNING]) expect(refusedHere).toContain(` ${name}`);
    expect(checks.every(({ error }) => error.status === undefined)).toBe(true);
  });

  it('writes no code name outside the inputs, settings and options a surface names', () => {
    const strays = checks.flatMap(({ where, endpoint, error }) =>
      [error.message, error.hint]
        .flatMap(codeNames)
        .filter((name) => !nameable(endpoint).has(name))
        .map((name) => `${name} (${where}: ${error.message})`),
    );
    expect(strays).toEqual([]);
  });

  it('leaves no code name once a surface that names them all has put them in its words', () => {
    const named = (name: string) => `<${name.toUpperCase()}>`;
    const left = checks.flatMap(({ where, endpoint, error }) => {
      const { message, hint } = errorInHostWords(error, {
        settings: 'the connection',
        operation: 'THE OPERATION',
        field: (name) => (nameable(endpoint).has(name) ? named(name) : undefined),
      });
      return [message, hint].flatMap(codeNames).map((name) => `${name} (${where}: ${message})`);
    });
    expect(left).toEqual([]);
  });
});
