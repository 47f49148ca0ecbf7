import { catalog } from '@social-data/core';
import { NODE_PACKAGE_DIR, REPO_ROOT, writeReport } from '@social-data/n8n-harness';
import type { N8nLine } from '@social-data/n8n-harness';
import { until } from '@social-data/test-support';
import {
  choose,
  click,
  EDITOR_WAIT_MS,
  openEditor,
  pause,
  pickAction,
  type,
} from '@social-data/test-support/browser';
import type { EditorBrowser } from '@social-data/test-support/browser';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ICredentialType } from 'n8n-workflow';
import type { Page } from 'playwright-core';

import { EDITOR_OWNER, startEditor } from '../src/editor';
import { Progress } from '../src/progress';
import { startStack } from '../src/stack';
import type { Stack } from '../src/stack';

/**
 * Issue 19: what a new user does in the first five minutes, clicked and typed at a person's pace
 * in the editor `npm run dev` serves: find the node by what they would search, run an own-session
 * operation with the credential n8n picked, read the canvas and a 404, and set up a credential
 * through its form, seeing the credential's own message for each mistake.
 */
// 2.x, the line new users install. On 1.x the searches, the session run and the subtitle pass too;
// its 404 step does not yet find the username field's input (issue 19, left open).
const LINES: N8nLine[] = [2];
const SEARCHES = ['twitter', 'x', 'followers', 'tweets', 'bookmark'];
/** The README shows these three, as this test took them on n8n 2.x (UPDATE_README_SCREENSHOTS=1). */
const README_SHOTS = ['search-twitter', 'session-run-canvas', 'credential-wrong-key'];
const README_IMAGES = join(REPO_ROOT, 'docs', 'images', 'n8n-editor');

// The built credential, as n8n loads it from ~/.n8n/nodes.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { NOT_THE_API, REFUSED, SocialDataApi } = require(
  join(NODE_PACKAGE_DIR, 'dist', 'credentials', 'SocialDataApi.credentials.js'),
) as { NOT_THE_API: string; REFUSED: string; SocialDataApi: new () => ICredentialType };
const rules = new SocialDataApi().test?.rules ?? [];
const ruleFor = (status: number) =>
  String(
    rules.find((rule) => rule.type === 'responseCode' && rule.properties.value === status)?.properties
      .message,
  );
/** The message the credential's Test shows: n8n 2.x applies status rules, 1.x judges bodies (N2). */
const testMessage = (line: N8nLine, status: number) => (line === 2 ? ruleFor(status) : REFUSED);
const opening = (message: string) => message.slice(0, 60);

describe.each(LINES)('the first five minutes in the n8n %i.x editor, in headless Chromium', (line) => {
  const shots = join(REPO_ROOT, '.reports', 'screenshots', 'n8n-editor-first-minutes', `n8n-${line}`);
  let stack: Stack;
  let url: string;
  let browser: EditorBrowser;
  let page: Page;
  let outputDir = '';
  const taken: string[] = [];
  const shoot = async (name: string) => {
    await pause(page);
    await page.screenshot({ path: join(shots, `${name}.png`) });
    taken.push(name);
  };
  const closePanel = async () => {
    await pause(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('ndv').waitFor({ state: 'hidden' });
  };
  const execute = async () => {
    await click(page.getByTestId('ndv').getByTestId('node-execute-button').first());
  };
  /**
   * A test's steps, with a screenshot of the page when one fails (`failed-<name>.png`): each
   * test starts from a fresh workflow, so one that fails fails alone.
   */
  const story = (name: string, steps: () => Promise<void>) => async (): Promise<void> => {
    try {
      await steps();
    } catch (error) {
      await page.screenshot({ path: join(shots, `failed-${name}.png`) }).catch(() => undefined);
      // What the editor's n8n said last: a step that fails because n8n stopped says why.
      if (error instanceof Error)
        error.message += `\n--- the editor's n8n, last lines:\n${stack.n8n.log.slice(-2500)}`;
      throw error;
    }
  };
  /** A fresh workflow with the node and the action a person picks after searching `search`. */
  const freshNode = async (search: string, action: string) => {
    await page.goto(`${url}/workflow/new`);
    await click(page.getByTestId('canvas-add-button'));
    await type(page.getByTestId('node-creator-search-bar'), search);
    await pickAction(page, 'Social Data', action);
    await page.getByTestId('ndv').waitFor();
  };

  beforeAll(async () => {
    rmSync(shots, { recursive: true, force: true });
    mkdirSync(shots, { recursive: true });
    outputDir = mkdtempSync(join(tmpdir(), 'editor-output-'));
    const progress = new Progress(() => undefined);
    stack = await startStack(progress, { line, prefix: `social-data-first-minutes-${line}-`, outputDir });
    url = await startEditor(stack, progress, { outputDir });
    browser = await openEditor(url, EDITOR_OWNER);
    page = browser.page;
    // Leaving a workflow with unsaved changes asks first: each test starts on a fresh one.
    page.on('dialog', (dialog) => void dialog.accept());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    rmSync(outputDir, { recursive: true, force: true });
  });

  it.each(SEARCHES)('finds the node in the node creator by "%s"', async (search) => {
    await page.goto(`${url}/workflow/new`);
    await click(page.getByTestId('canvas-add-button'));
    await type(page.getByTestId('node-creator-search-bar'), search);
    const found = page
      .getByTestId('node-creator')
      .getByTestId('node-creator-item-name')
      .getByText('Social Data', { exact: true });
    await found.first().waitFor();
    await shoot(`search-${search}`);
  });

  it(
    'runs an own-session operation in a fresh workflow with the credential n8n picked',
    story('session-run', async () => {
      // The node, then its action, as a person picks them after searching "bookmark".
      await freshNode('bookmark', catalog.getBookmarks.action);
      const ndv = page.getByTestId('ndv');
      await expect(ndv.getByTestId('node-credentials-select').locator('input').inputValue()).resolves.toBe(
        'Social Data',
      );
      await execute();
      await ndv
        .getByText(/\d+ items?/)
        .first()
        .waitFor();
      await shoot('session-run');
      await closePanel();
      const node = page.getByTestId('canvas-node').filter({ hasText: 'Bookmark → Get Many' });
      await node.waitFor();
      await shoot('session-run-canvas');
    }),
  );

  it(
    'names the username a 404 did not find',
    story('not-found', async () => {
      await freshNode('bookmark', catalog.getBookmarks.action);
      const ndv = page.getByTestId('ndv');
      await choose(page, 'resource', 'User');
      await choose(page, 'operation', 'Get Followers');
      const userName = ndv
        .getByTestId('parameter-input-userName')
        .locator('[data-test-id="rlc-input"] input, input[data-test-id="rlc-input"]')
        .first();
      await type(userName, 'no_such_account');
      await shoot('username-modes');
      await execute();
      await ndv.getByText('Username "no_such_account" was not found').first().waitFor();
      await expect(ndv.getByText('getUserFollowers').count()).resolves.toBe(0);
      await shoot('not-found');
      await closePanel();
      await page.getByTestId('canvas-node').filter({ hasText: 'User → Get Followers' }).waitFor();
    }),
  );

  it(
    "sets up a credential in its form, with the credential's own message for each mistake",
    story('credential', async () => {
      await freshNode('followers', catalog.getUserFollowers.action);
      const ndv = page.getByTestId('ndv');
      await click(ndv.getByTestId('node-credentials-select'));
      await click(page.getByTestId('node-credentials-select-item-new'));
      const form = page.getByTestId('credential-edit-dialog');
      await form.waitFor();
      const field = (name: string) => form.getByTestId(`parameter-input-${name}`).locator('input').first();
      // n8n tests the credential on every save; 2.x folds the reason behind "More details".
      const saveAndSee = async (message: string, shot: string) => {
        await click(page.getByTestId('credential-save-button'));
        const details = form.getByText('More details', { exact: true });
        const reason = form.getByText(opening(message));
        await details.or(reason).first().waitFor();
        if (await details.isVisible()) await click(details);
        await reason.first().waitFor();
        await shoot(shot);
      };

      await type(field('apiKey'), 'tda_not_my_key');
      await type(field('baseUrl'), stack.sandbox.url);
      await saveAndSee(testMessage(line, 401), 'credential-wrong-key');

      await type(field('apiKey'), stack.sandbox.keys[0]!);
      await type(field('baseUrl'), `${stack.sandbox.url}/v2`);
      await saveAndSee(testMessage(line, 404), 'credential-wrong-base-url');

      await type(field('baseUrl'), `http://${new URL(url).host}`);
      await saveAndSee(NOT_THE_API, 'credential-not-the-api');

      await type(field('baseUrl'), stack.sandbox.url);
      await type(field('cookie'), 'auth_token=first-minutes; ct0=first-minutes');
      await saveAndSee(testMessage(line, 400), 'credential-missing-proxy');

      await type(field('cookie'), '');
      await click(page.getByTestId('credential-save-button'));
      // A passing test closes the form on n8n 2.x; 1.x says so and stays open.
      // The previous test's message can outlive the new result for a moment on a busy machine.
      const passed = form.getByText(/Connection tested successfully/i);
      const failed = form.getByText(/Couldn.t connect/).filter({ visible: true });
      await until(
        'the credential test to pass, with no failure message left',
        async () => !(await form.isVisible()) || ((await passed.count()) > 0 && (await failed.count()) === 0),
        EDITOR_WAIT_MS,
      );
      await shoot('credential-key-only');
      if (await form.isVisible()) {
        await page.keyboard.press('Escape');
        await form.waitFor({ state: 'hidden' });
      }
      await expect(
        ndv.getByTestId('node-credentials-select').locator('input').inputValue(),
      ).resolves.not.toBe('Social Data');

      // The new credential has no session: an own-session operation says what to add, and where.
      await choose(page, 'resource', 'Bookmark');
      await execute();
      await ndv
        .getByText('Add the Session Cookie and the Proxy URL in the "Social Data API" credential')
        .first()
        .waitFor();
      await shoot('session-missing');
      await closePanel();
    }),
  );

  it("leaves its screenshots in .reports/, and on the newest line the README's when asked", () => {
    // Each screenshot a test took is on disk; the README's are replaced only when all were taken.
    expect(taken.filter((name) => !existsSync(join(shots, `${name}.png`)))).toEqual([]);
    if (line === 2 && process.env.UPDATE_README_SCREENSHOTS === '1') {
      expect(taken).toEqual(expect.arrayContaining(README_SHOTS));
      mkdirSync(README_IMAGES, { recursive: true });
      for (const name of README_SHOTS)
        copyFileSync(join(shots, `${name}.png`), join(README_IMAGES, `${name}.png`));
    }
    writeReport(`editor-first-minutes-n8n-${line}`, `The first five minutes in the n8n ${line}.x editor`, {
      searches: SEARCHES.length,
      screenshots: taken.length,
      'screenshots in': `.reports/screenshots/n8n-editor-first-minutes/n8n-${line}/`,
      'requests refused (not loopback)': browser.blocked.length,
    });
  });
});
