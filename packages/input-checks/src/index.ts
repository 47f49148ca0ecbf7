import {
  USER_SETTINGS,
  ValidationError,
  catalog,
  endpointIds,
  inputParams,
  isPaginated,
  normalizeParams,
} from '@social-data/core';
import type { EndpointId, PaginatedId, SocialDataClient } from '@social-data/core';
import { filterFields, formFilter, pollPages, pollPagesField, takesFilters } from '@social-data/core/feeds';
import { createClient } from '@social-data/core/node';

/**
 * The class of the checks core makes of a form before a request: each endpoint's inputs, each
 * setting of the client, each option of a paged read, each tweet filter, a trigger's Max Pages
 * per Poll, given values of every
 * kind a form, a flag or an agent can hand over. (An agent's own arguments and a media download's
 * are checked in their own words by core's `agent/` and `media/`, outside this class.) Core's
 * tests prove that each refusal names only inputs a surface has a name for; each surface's tests
 * prove that, once in its words, none is left as code.
 */

/** Values of every kind: blank, malformed, out of range, of the wrong type, too long. */
export const BAD_VALUES: readonly unknown[] = [
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
export const TUNING = ['maxRetries', 'timeoutMs', 'concurrency', 'maxResponseBytes', 'requestsPerSecond'];
export const READ_OPTIONS = ['pageSize', 'limit', 'maxPages', 'startCursor'];
/** The output field a paged read's answer carries, named as the user sees it in its items. */
export const OUTPUT_FIELDS = ['next_cursor'];

const IDENTIFIER = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+|[A-Z][a-z0-9]*)+\b/g;

/** The code names a text holds outside double-quoted values (which are the user's own). */
export function codeNames(text: string | undefined): string[] {
  return (text ?? '')
    .split(/("(?:[^"\\]|\\.)*")/)
    .filter((_, index) => index % 2 === 0)
    .flatMap((part) => part.match(IDENTIFIER) ?? []);
}

/** One refusal: what was given (`where`), the endpoint it was given to, and core's error. */
export interface Check {
  /**
   * An endpoint's input, a setting of the client, a paged read's option, a tweet filter, or a
   * poll's setting (`pollPages`, given under core's name for it: each host passes its own key).
   */
  kind: 'input' | 'setting' | 'read' | 'filter' | 'poll';
  where: string;
  endpoint?: EndpointId;
  /** The setting, option or input refused, as given (`pageSize`, `cookie`, `userName`). */
  given: string;
  /** The bad value given (one of `BAD_VALUES`). */
  value: unknown;
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

const SETTINGS = {
  apiKey: 'tda_input_checks_0123456789',
  baseUrl: 'https://api.social-data.test',
  cookie: 'auth_token=input-checks; ct0=input-checks',
  proxy: 'http://127.0.0.1:8080',
  // A refused request is not retried after a real wait.
  sleep: async () => {},
};

/**
 * Every refusal of the class, with where it came from. No request is sent: a value a check lets
 * through meets a transport that refuses it, and is left out of the list (it was not refused).
 */
export async function everyCheck(): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (
    kind: Check['kind'],
    where: string,
    given: string,
    value: unknown,
    error: ValidationError | undefined,
    endpoint?: EndpointId,
  ) => {
    if (error) checks.push({ kind, where, given, value, error, ...(endpoint ? { endpoint } : {}) });
  };
  for (const id of endpointIds)
    add(
      'input',
      `${id} an input it does not take`,
      'extra',
      'x',
      refused(() => normalizeParams(id, { ...requiredOf(id), extra: 'x' })),
      id,
    );
  for (const id of endpointIds)
    for (const [name] of inputParams(id))
      for (const value of BAD_VALUES)
        add(
          'input',
          `${id} ${name}=${String(value)}`,
          name,
          value,
          refused(() => normalizeParams(id, { ...requiredOf(id), [name]: value })),
          id,
        );
  const transport = () => Promise.reject(new Error('a check let a request through'));
  const client = (overrides: Record<string, unknown> = {}) =>
    createClient({ ...SETTINGS, transport, ...overrides } as Parameters<typeof createClient>[0]);
  // The cookie and the proxy are checked when an own-session endpoint is read.
  const session = endpointIds.filter(isPaginated).find((id) => catalog[id].mode === 'session')!;
  for (const setting of [...USER_SETTINGS, ...TUNING])
    for (const value of BAD_VALUES) {
      const made = () => client({ [setting]: value });
      const error = refused(made) ?? (await firstPageRefusal(made(), session));
      add('setting', `setting ${setting}=${String(value)}`, setting, value, error);
    }
  const reader = client();
  // With a keyword beside each, so that Keyword Match is checked too.
  for (const id of endpointIds.filter(takesFilters))
    for (const { name } of filterFields(id, true))
      for (const value of BAD_VALUES)
        add(
          'filter',
          `${id} filter ${name}=${String(value)}`,
          name,
          value,
          refused(() => formFilter({ keywords: 'a word', [name]: value })),
          id,
        );
  for (const id of endpointIds.filter(isPaginated))
    for (const option of READ_OPTIONS)
      for (const value of BAD_VALUES)
        add(
          'read',
          `${id} ${option}=${String(value)}`,
          option,
          value,
          await firstPageRefusal(reader, id, { [option]: value }),
          id,
        );
  const pollSetting = pollPagesField().name;
  for (const value of BAD_VALUES)
    add(
      'poll',
      `poll ${pollSetting}=${String(value)}`,
      pollSetting,
      value,
      refused(() => pollPages(value, pollSetting)),
    );
  return checks;
}

/** The code names a surface has a word for in a refusal about `endpoint` (or about no endpoint). */
export function nameable(endpoint?: EndpointId): Set<string> {
  return new Set([
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
}
