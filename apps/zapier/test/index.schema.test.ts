import { feedIds } from '@social-data/core/feeds';
import zapier from 'zapier-platform-core';

import App from '../src';
import { SITUATIONAL_FIELDS } from '../src/app/triggers';

// The schema check the Zapier CLI runs, which the typings do not declare.
const { createAppHandler } = zapier as unknown as {
  createAppHandler(app: unknown): (event: object) => Promise<{ results: unknown[] }>;
};
const validate = async (app: unknown) =>
  (await createAppHandler(app)({ command: 'validate', calledFromCli: true })).results;

type Field = { key: string; label: string };
type Fields = Array<Field | ((z: unknown, bundle: object) => Promise<Field[]>)>;
type Steps = Record<string, { noun?: string; operation: { sample: object; outputFields: Fields } }>;
const app = App as unknown as Record<'triggers' | 'searches' | 'creates', Steps>;

/** A step's output fields as Zapier resolves them for a given input. */
const resolve = async (fields: Fields, inputData: object) =>
  (
    await Promise.all(
      fields.map((field) => (typeof field === 'function' ? field({}, { inputData }) : [field])),
    )
  ).flat();

/** The sample value an output field key names: `a__b` reads into an object, `a[]b` into the first item. */
function valueAt(sample: unknown, key: string): unknown {
  let value = sample;
  for (const part of key.split(/(__|\[\])/).filter(Boolean)) {
    if (part === '[]') value = Array.isArray(value) ? value[0] : undefined;
    else if (part !== '__') value = (value as Record<string, unknown> | null | undefined)?.[part];
  }
  return value;
}

describe('the app definition', () => {
  it("passes zapier-platform-core's own schema validation", async () => {
    expect(await validate(App)).toEqual([]);
  });

  it('would fail that validation if a trigger lost its noun', async () => {
    const broken = {
      ...app,
      triggers: { ...app.triggers, newTweet: { ...app.triggers.newTweet!, noun: undefined } },
    };
    expect((await validate(broken)).length).toBeGreaterThan(0);
  });

  it.each(['triggers', 'searches', 'creates'] as const)(
    '%s: labelled output fields, simplified or not, and a sample holding a value for each raw one',
    async (kind) => {
      for (const [key, definition] of Object.entries(app[kind])) {
        const { sample } = definition.operation;
        // A notice's fields and an account's failure come on items of their own, never on a sample.
        const unfilled = (await resolve(definition.operation.outputFields, { simplify: false }))
          .filter((field) => !(kind === 'triggers' && SITUATIONAL_FIELDS.includes(field.key)))
          .filter((field) => valueAt(sample, field.key) === undefined)
          .map((field) => field.key);
        expect([key, unfilled]).toEqual([key, []]);
        for (const simplify of [false, true]) {
          const fields = await resolve(definition.operation.outputFields, { simplify });
          expect(fields.length).toBeGreaterThan(0);
          for (const field of fields) expect(field.label).toMatch(/^[A-Z]/);
        }
      }
    },
  );

  it('labels exactly the fields a simplified trigger returns', async () => {
    const fields = (await resolve(app.triggers.newTweet!.operation.outputFields, { simplify: 'yes' })).map(
      (f) => f.key,
    );
    expect(fields).toEqual(
      expect.arrayContaining(['author_userName', 'created_at_iso', 'url', 'media_urls']),
    );
    expect(fields.some((key) => key.includes('__'))).toBe(false);
  });

  it('has a trigger per feed', () => {
    expect(Object.keys(app.triggers).sort()).toEqual([...feedIds].sort());
  });
});
