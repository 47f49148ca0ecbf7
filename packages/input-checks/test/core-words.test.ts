import {
  USER_SETTINGS,
  endpointIds,
  endpointSpec,
  errorInHostWords,
  inputParams,
  isPaginated,
} from '@social-data/core';
import { filterFields, pollPagesField, takesFilters } from '@social-data/core/feeds';
import { TUNING, everyCheck, codeNames, nameable } from '../src';
import type { Check } from '../src';

/**
 * The invariant of core's checks before a request (the class is described in `src/index.ts`): a
 * code name such a check writes (`is_private`, `allowInsecureHttp`, `getUserTweets`) is one a
 * surface has a name for, and once the surface's words are applied no code name is left outside
 * the user's own quoted value. A name outside that set would reach the user as code on every
 * surface.
 */
describe('what core checks before a request names only what a surface can name', () => {
  let checks: Check[] = [];
  beforeAll(async () => {
    checks = await everyCheck();
  });

  it('refuses values of every kind, for every input, setting, read option, filter and poll setting', () => {
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
    for (const name of [...USER_SETTINGS, ...TUNING, pollPagesField().name])
      expect(refusedHere).toContain(` ${name}`);
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

  it('attaches the endpoint to every refusal that names one, so a surface can say its operation', () => {
    const ids = new Set<string>(endpointIds);
    const loose = checks.flatMap(({ where, error }) =>
      [error.message, error.hint]
        .flatMap(codeNames)
        .filter((name) => ids.has(name) && error.endpoint !== name)
        .map((name) => `${name} (${where}: ${error.message})`),
    );
    expect(checks.some(({ given }) => given === 'extra')).toBe(true);
    expect(loose).toEqual([]);
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
