import { feedIds } from '@social-data/core';
import zapier from 'zapier-platform-core';

import App from '../src';

// The schema check the Zapier CLI runs, which the typings do not declare.
const { createAppHandler } = zapier as unknown as {
  createAppHandler(app: unknown): (event: object) => Promise<{ results: unknown[] }>;
};
const validate = async (app: unknown) =>
  (await createAppHandler(app)({ command: 'validate', calledFromCli: true })).results;

type Steps = Record<
  string,
  { noun?: string; operation: { sample: object; outputFields: Array<{ label: string }> } }
>;
const app = App as unknown as Record<'triggers' | 'searches' | 'creates', Steps>;

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

  it('has a trigger per feed, with a sample and labelled output fields everywhere', () => {
    expect(Object.keys(app.triggers).sort()).toEqual([...feedIds].sort());
    for (const kind of ['triggers', 'searches', 'creates'] as const) {
      for (const [key, definition] of Object.entries(app[kind])) {
        expect([key, definition.operation.sample]).toEqual([key, expect.any(Object)]);
        expect(definition.operation.outputFields.length).toBeGreaterThan(0);
        for (const field of definition.operation.outputFields) expect(field.label).toMatch(/^[A-Z]/);
      }
    }
  });
});
