import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium, selectors } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long a step may wait for the editor to load, show or settle something. A hang guard, not a
 * speed check: in CI beside real n8n runs, the editor's first page load alone took over 30 s.
 */
export const EDITOR_WAIT_MS = 120_000;

export interface EditorBrowser {
  page: Page;
  context: BrowserContext;
  /** Requests to anything but the editor, which the browser refused. */
  blocked: string[];
  close(): Promise<void>;
}

/**
 * Debian's Chromium, headless, on a fresh profile, allowed to reach only the local editor:
 * the editor looks community packages up on the public registry and nothing turns that off.
 */
export async function openEditor(
  baseUrl: string,
  login: { email: string; password: string },
): Promise<EditorBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  selectors.setTestIdAttribute('data-test-id');
  const profile = mkdtempSync(join(tmpdir(), 'editor-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    ],
  });
  context.setDefaultTimeout(EDITOR_WAIT_MS);
  context.setDefaultNavigationTimeout(EDITOR_WAIT_MS);
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(baseUrl)) return route.continue();
    blocked.push(new URL(url).host);
    return route.abort();
  });
  const response = await context.request.post(`${baseUrl}/rest/login`, {
    data: { emailOrLdapLoginId: login.email, password: login.password },
  });
  if (!response.ok()) throw new Error(`login to the editor failed: ${response.status()}`);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    context,
    blocked,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
