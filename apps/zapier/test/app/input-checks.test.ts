import { USER_SETTINGS } from '@social-data/core';
import { feeds } from '@social-data/core/feeds';
import type { FeedId } from '@social-data/core/feeds';
import { codeNames, everyCheck } from '@social-data/input-checks';
import type { Check } from '@social-data/input-checks';
import zapier from 'zapier-platform-core';

import { toZapierError } from '../../src/http/errors';
import { app, everyStep, newZap, run } from '../support/app';

/**
 * Every refusal core makes of a form before a request (`everyCheck`), as a Zap's user reads it
 * in each step that has a field for the input refused: once in Zapier's words, no code name is
 * left outside the user's own quoted value. A field key the error mapping does not know, or a
 * core name in a hint, would reach the Zap editor as code.
 */
const z = { errors: zapier.errors } as unknown as Parameters<typeof toZapierError>[0];

interface Field {
  key: string;
  label: string;
}
/** Each step with the endpoint it reads: a trigger's feed's, else the step's own key. */
const steps = everyStep.map(([kind, key]) => {
  const step = app[kind][key] as unknown as {
    display: { label: string };
    operation: { inputFields: Field[] };
  };
  const endpoint = kind === 'triggers' ? feeds[key as FeedId].endpoint : key.replace(/Items$/, '');
  return { endpoint, label: step.display.label, fields: step.operation.inputFields };
});
const stepsWith = (endpoint: string | undefined, key: string) =>
  steps.filter((step) => step.endpoint === endpoint && step.fields.some((field) => field.key === key));

/** The form's key of a read option (Start Cursor is `cursor`, a read's limit is Max Items). */
const FORM_KEYS: Record<string, string> = { startCursor: 'cursor', limit: 'maxItems' };

let checks: Check[] = [];
beforeAll(async () => {
  checks = await everyCheck();
});

it('names no input by its code name in any step that takes it, nor any setting of the connection', () => {
  const left: string[] = [];
  const read = { input: 0, setting: 0, read: 0, filter: 0 };
  for (const { kind, where, given, endpoint, error } of checks) {
    if (kind === 'poll') continue;
    const settings = (USER_SETTINGS as readonly string[]).includes(given);
    const steps = settings
      ? [{ label: 'A step', fields: [] }]
      : stepsWith(endpoint, FORM_KEYS[given] ?? given);
    for (const { label, fields } of steps) {
      const { message } = JSON.parse(toZapierError(z, error, label, fields).message) as { message: string };
      read[kind] += 1;
      for (const name of codeNames(message)) left.push(`${name} (${where} in “${label}”: ${message})`);
    }
  }
  // Each kind is read in some step: a field key that stopped matching would silence a kind.
  // (Max Pages has no step of this key: a trigger's is max_pages, checked as Max Pages per Poll below.)
  expect(Math.min(...Object.values(read))).toBeGreaterThan(0);
  expect(read.input).toBeGreaterThan(500);
  expect([...new Set(left)].slice(0, 20)).toEqual([]);
});

/** The text a Zap's user reads of a step's error: the JSON Zapier's errors carry, or the text. */
function shown(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  try {
    return (JSON.parse(text) as { message: string }).message;
  } catch {
    return text;
  }
}

it('refuses every bad Max Pages per Poll of a trigger, on one account or many, in its label before any request', async () => {
  const refused = checks.filter((check) => check.kind === 'poll').map((check) => check.value);
  expect(refused.length).toBeGreaterThan(5);
  // No request may leave: the connection's base URL is one nothing answers.
  const authData = { apiKey: 'tda_zapPollPages_41', baseUrl: 'http://127.0.0.1:9' };
  const left: string[] = [];
  for (const inputData of [{ userName: 'jack' }, { userName: 'jack', userNames: 'nasa' }])
    for (const max_pages of refused) {
      const trigger = 'userNames' in inputData ? 'newTweet' : 'newFollower';
      const error = await run('triggers', trigger, authData, { ...inputData, max_pages }, newZap()).then(
        () => new Error('taken'),
        (caught: unknown) => caught,
      );
      const message = shown(error);
      if (!message.startsWith('Max Pages per Poll')) left.push(`${trigger} ${String(max_pages)}: ${message}`);
      for (const name of codeNames(message))
        left.push(`${name} (${trigger} ${String(max_pages)}: ${message})`);
    }
  expect(left.slice(0, 20)).toEqual([]);
});
