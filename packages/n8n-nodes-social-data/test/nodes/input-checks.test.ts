import { USER_SETTINGS } from '@social-data/core';
import { codeNames, everyCheck } from '@social-data/input-checks';
import type { Check } from '@social-data/input-checks';
import type { INode } from 'n8n-workflow';

import { toNodeError } from '../../nodes/shared/errors';

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
