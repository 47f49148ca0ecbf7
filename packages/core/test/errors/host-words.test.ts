import {
  NotFoundError,
  ValidationError,
  endpointIds,
  errorInHostWords,
  inputParams,
  normalizeIdList,
  normalizeParams,
} from '../../src';
import { testClient } from '../support/client';

const settings = 'the connection';
/** A surface whose every input has a name of its own: the API name, upper-cased, in brackets. */
const bracketed = (name: string) => `[${name.toUpperCase()}]`;

function thrown(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('errorInHostWords names the input as the surface does', () => {
  // Every required input of every endpoint, left out: the user reads the name they know it by.
  const required = endpointIds.flatMap((id) =>
    inputParams(id)
      .filter(([, spec]) => spec.required)
      .map(([name]) => [id, name] as const),
  );

  it.each(required)('%s without %s names the field in the host words', (id, name) => {
    const params = Object.fromEntries(
      inputParams(id)
        .filter(([other, spec]) => spec.required && other !== name)
        .map(([other, spec]) => [other, spec.format === 'boolean' ? true : '123']),
    );
    const error = thrown(() => normalizeParams(id, params));
    expect(error.field).toBe(name);
    const { message } = errorInHostWords(error, { settings, field: bracketed });
    expect(message.startsWith(`${bracketed(name)}:`)).toBe(true);
    expect(message).toBe(`${bracketed(name)}${error.message.slice(name.length)}`);
  });

  it('names one entry of a list by its place, counted from 1', () => {
    const error = thrown(() => normalizeIdList('tweet', ['1', 'not an id', '3'], 'tweet_ids'));
    expect(error.field).toBe('tweet_ids[1]');
    const { message } = errorInHostWords(error, { settings, field: () => 'Tweet IDs' });
    expect(message).toMatch(/^Tweet IDs \(entry 2\): /);
  });

  it("keeps core's name where the surface has none, or gives no names", () => {
    const error = thrown(() => normalizeParams('getUserFollowers', {}));
    expect(errorInHostWords(error, { settings, field: () => undefined }).message).toBe(error.message);
    expect(errorInHostWords(error, { settings }).message).toBe(error.message);
  });

  it('leaves a message that does not start with the field, and errors without one', () => {
    const api = new ValidationError('The API says: userName: is bad', { field: 'userName', status: 400 });
    expect(errorInHostWords(api, { settings, field: bracketed }).message).toBe(api.message);
    // An answer of the API keeps its words, even one that starts like an input check.
    const answered = new ValidationError('userName: taken', { field: 'userName', status: 422 });
    expect(errorInHostWords(answered, { settings, field: bracketed }).message).toBe(answered.message);
    const notFound = new NotFoundError('userName: not found', { status: 404 });
    expect(errorInHostWords(notFound, { settings, field: bracketed }).message).toBe(notFound.message);
  });

  it("renames core's names inside its own text, and leaves the user's values and the API's words", () => {
    const names = (name: string) => ({ is_private: 'Private', allowInsecureHttp: 'Allow HTTP' })[name];
    const flag = new ValidationError(
      'is_private: "allowInsecureHttp" is not true or false. Use true or false.',
      {
        field: 'is_private',
        hint: 'Or turn on allowInsecureHttp, not "is_private".',
      },
    );
    expect(errorInHostWords(flag, { settings, field: names })).toEqual({
      message: 'Private: "allowInsecureHttp" is not true or false. Use true or false.',
      hint: 'Or turn on Allow HTTP, not "is_private".',
    });
    // A name the surface does not know stays core's; an answer of the API keeps its words.
    const answered = new ValidationError('is_private must be set', {
      field: 'is_private',
      status: 400,
      hint: 'Check is_private and next_cursor.',
    });
    expect(errorInHostWords(answered, { settings, field: names })).toEqual({
      message: 'is_private must be set',
      hint: 'Check Private and next_cursor.',
    });
  });

  it('names the insecure-HTTP setting in the words of the surface that refused the address', () => {
    let refused: ValidationError | undefined;
    try {
      testClient({ baseUrl: 'http://api.example.com' });
    } catch (error) {
      refused = error as ValidationError;
    }
    const { message } = errorInHostWords(refused!, {
      settings,
      field: (name) => (name === 'allowInsecureHttp' ? 'Allow Insecure HTTP (the connection)' : undefined),
    });
    expect(message).toMatch(/turn on Allow Insecure HTTP \(the connection\)\.$/);
    expect(message).not.toMatch(/allowInsecureHttp/);
  });
});
