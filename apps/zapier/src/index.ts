import { version as platformVersion } from 'zapier-platform-core';
import type { App, Create, Search, Trigger } from 'zapier-platform-core';

import packageJson from '../package.json';
import { createList, readActions } from './app/actions';
import { authentication } from './app/authentication';
import { lookupActions } from './app/lookup-actions';
import { hydrators } from './app/media';
import { searches } from './app/searches';
import { triggers } from './app/triggers';
import { addApiKey } from './http/middleware';

/**
 * The Social Data app for Zapier, generated from core's catalog: a trigger per feed, a search per
 * lookup, an action per paginated read and per batch lookup, and Create List; tweets' media as
 * files, hydrated when a later step uses them.
 */
export default {
  version: packageJson.version,
  platformVersion,
  authentication,
  beforeRequest: [addApiKey],
  hydrators,
  triggers,
  searches,
  creates: { ...readActions, ...lookupActions, [createList.key]: createList },
  // The app makes its requests through z.request only; leaving Node's http alone keeps nock
  // working in the tests.
  // throwForThrottlingEarly off: Zapier's own 429 check would otherwise answer before core reads
  // the answer, without the API's message or a delay when Retry-After is a date or absent.
  flags: { skipHttpPatch: true, throwForThrottlingEarly: false },
} satisfies App<Record<string, Trigger>, Record<string, Create>, Record<string, Search>>;
