import { USER_SETTINGS } from '@social-data/core';
import { codeNames, everyCheck } from '@social-data/input-checks';
import type { Check } from '@social-data/input-checks';
import type { INode } from 'n8n-workflow';

import { SocialDataTrigger } from '../../nodes/SocialDataTrigger/SocialDataTrigger.node';
import { toNodeError } from '../../nodes/shared/errors';
import { pollContext } from '../support/poll-context';

/**
 * Every refusal core makes of a form before a request (`everyCheck`), as the node's user reads
 * it in the execution: once in n8n's words (the panel's labels, the credential), no code name is
 * left in the message or its description outside the user's own quoted value. Settings the node
 * passes itself (retries, timeouts) are no user's to correct, and are left out. `next_cursor` is
 * a word the user sees as it is: the key of a page item and of a file's item.
 */
const SHOWN_AS_IS = new Set(['next_cursor']);
const node = { name: 'Social Data', type: 'n8n-nodes-social-data.socialData' } as INode;

let checks: Check[] = [];
beforeAll(async () => {
  checks = await everyCheck();
});

it('names every input, option, filter and credential field as the panel labels it', () => {
  const reachable = checks.filter(
    ({ endpoint, given }) => endpoint !== undefined || (USER_SETTINGS as readonly string[]).includes(given),
  );
  const left = reachable.flatMap(({ where, endpoint, error }) => {
    const shown = toNodeError(node, error, 0, endpoint);
    const description = shown.description ?? undefined;
    return [shown.message, description]
      .flatMap(codeNames)
      .filter((name) => !SHOWN_AS_IS.has(name))
      .map((name) => `${name} (${where}: ${shown.message} ${description ?? ''})`);
  });
  for (const kind of ['input', 'setting', 'read', 'filter'])
    expect(reachable.filter((check) => check.kind === kind).length).toBeGreaterThan(0);
  expect(reachable.length).toBeGreaterThan(1_000);
  expect([...new Set(left)].slice(0, 20)).toEqual([]);
});

it('refuses every bad Max Pages per Poll of the trigger, on one account or many, by its label before any request', async () => {
  const refused = checks.filter((check) => check.kind === 'poll').map((check) => check.value);
  expect(refused.length).toBeGreaterThan(5);
  const trigger = new SocialDataTrigger();
  // A base URL nothing answers: a request that left would fail in other words.
  const credentials = { socialDataApi: { apiKey: 'tda_n8nPollPages_41', baseUrl: 'http://127.0.0.1:9' } };
  const userName = { __rl: true, mode: 'username', value: 'jack' };
  const left: string[] = [];
  for (const accounts of [{}, { accounts: 'many', userNames: 'jack, nasa' }])
    for (const maxPages of refused) {
      const event = 'accounts' in accounts ? 'newTweet' : 'newFollower';
      const harness = pollContext({ event, userName, ...accounts, options: { maxPages } }, credentials);
      const error = await trigger.poll.call(harness.context).then(
        () => new Error('taken'),
        (caught: unknown) => caught as Error,
      );
      const where = `${event} ${String(maxPages)}: ${error.message}`;
      if (!error.message.startsWith('Max Pages per Poll: ') || harness.requests.length > 0) left.push(where);
      for (const name of codeNames(error.message)) left.push(`${name} (${where})`);
    }
  expect(left.slice(0, 20)).toEqual([]);
});
