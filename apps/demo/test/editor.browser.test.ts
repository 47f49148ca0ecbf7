import { catalog } from '@social-data/core';
import { feeds } from '@social-data/core/feeds';
import { NODE_PACKAGE_DIR, REPO_ROOT, writeReport } from '@social-data/n8n-harness';
import { choose, openEditor } from '@social-data/test-support/browser';
import type { EditorBrowser } from '@social-data/test-support/browser';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INodeTypeDescription } from 'n8n-workflow';
import type { Page } from 'playwright-core';

import { EDITOR_OWNER, startEditor } from '../src/editor';
import { Progress } from '../src/progress';
import { startStack } from '../src/stack';
import type { Stack } from '../src/stack';
import { operationPanels } from './support/node-panel';

const SCREENSHOTS = join(REPO_ROOT, '.reports', 'screenshots', 'n8n-editor');
/** The READMEs' picture of Download Media; `UPDATE_DOCS_SCREENSHOTS=1` takes it again. */
const DOCS_SHOT = join(REPO_ROOT, 'docs', 'images', 'n8n-download-media.png');

// The built node, as n8n loads it from ~/.n8n/nodes.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SocialData } = require(
  join(NODE_PACKAGE_DIR, 'dist', 'nodes', 'SocialData', 'SocialData.node.js'),
) as {
  SocialData: new () => { description: INodeTypeDescription };
};
const panels = operationPanels(new SocialData().description);

describe('the Social Data node in the n8n editor, in headless Chromium', () => {
  let stack: Stack;
  let url: string;
  let browser: EditorBrowser;
  let outputDir = '';
  const log: string[] = [];
  const shots: string[] = [];
  const shoot = async (page: Page, name: string) => {
    const file = join(SCREENSHOTS, `${name}.png`);
    await page.screenshot({ path: file });
    shots.push(file);
  };

  beforeAll(async () => {
    rmSync(SCREENSHOTS, { recursive: true, force: true });
    mkdirSync(SCREENSHOTS, { recursive: true });
    const progress = new Progress((line) => log.push(line));
    // 1.x here, 2.x in the examples' test: both lines stay in this package's tests (decision E1).
    outputDir = mkdtempSync(join(tmpdir(), 'editor-output-'));
    stack = await startStack(progress, { line: 1, prefix: 'social-data-editor-', outputDir });
    url = await startEditor(stack, progress, { outputDir });
    browser = await openEditor(url, EDITOR_OWNER);
    // Leaving a workflow with unsaved changes asks first: a test that starts over says yes.
    browser.page.on('dialog', (dialog) => void dialog.accept());
  }, 600_000);

  /** The node creator on a fresh workflow, with the Social Data node found by its name. */
  const findNode = async (page: Page) => {
    await page.goto(`${url}/workflow/new`);
    await page.getByTestId('canvas-add-button').click();
    await page.getByTestId('node-creator-search-bar').fill('Social Data');
    const item = page.getByTestId('item-iterator-item').filter({
      has: page.getByTestId('node-creator-item-name').getByText('Social Data', { exact: true }),
    });
    await item.first().waitFor();
    return item;
  };

  /** The node's panel on its first action: where the panel tests start. */
  const openPanel = async (page: Page) => {
    await (await findNode(page)).first().click();
    await page.getByTestId('node-creator-category-item').filter({ hasText: 'Actions' }).click();
    const first = catalog[panels[0]!.operation.value as keyof typeof catalog];
    await page.getByTestId('node-creator-item-name').getByText(first.action, { exact: true }).click();
    await page.getByTestId('ndv').waitFor();
  };

  /** Whether the last test that used the panel got to its end, leaving the panel as it found it. */
  let panelIntact = false;

  /**
   * Each test reaches its own start state: after a test that failed or timed out mid-way (a click
   * that waited its 120 s on a busy machine), the next starts over instead of failing with it,
   * since the panel may be closed, closing, or on a dropdown left open.
   */
  const inPanel = async (page: Page) => {
    if (!panelIntact || !(await page.getByTestId('ndv').isVisible())) await openPanel(page);
    panelIntact = false;
  };

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
    rmSync(outputDir, { recursive: true, force: true });
  });

  it('finds the node by name, with its icon, its 14 triggers and 21 actions', async () => {
    const { page } = browser;
    const item = await findNode(page);
    const icon = await item.first().locator('img').first().getAttribute('src');
    expect(icon).toMatch(/socialData\.svg|SocialData|icons\//i);
    await shoot(page, '01-node-creator');

    await item.first().click();
    const categories = await page.getByTestId('node-creator-category-item').allInnerTexts();
    expect(categories.map((text) => text.trim())).toEqual(
      expect.arrayContaining([
        `Triggers (${Object.keys(feeds).length})`,
        `Actions (${Object.keys(catalog).length})`,
      ]),
    );
    await shoot(page, '02-node-triggers-and-actions');
  });

  it('opens the node panel with the credential already chosen', async () => {
    const { page } = browser;
    await openPanel(page);
    await expect(page.getByTestId('node-credentials-select').locator('input').inputValue()).resolves.toBe(
      'Social Data',
    );
    panelIntact = true;
  });

  it.each(panels.map((panel) => [`${panel.resource.name} → ${panel.operation.name}`, panel] as const))(
    '%s shows its fields',
    async (_title, panel) => {
      const { page } = browser;
      await inPanel(page);
      await choose(page, 'resource', panel.resource.name);
      await choose(page, 'operation', panel.operation.name);
      for (const field of panel.fields) {
        const input = page.getByTestId('ndv').getByTestId(`parameter-input-${field}`);
        await input.first().waitFor({ state: 'visible' });
      }
      await shoot(page, `panel-${panel.resource.value}-${panel.operation.value}`);
      panelIntact = true;
    },
  );

  it('went through every endpoint of the catalog and leaves the node on the canvas', async () => {
    expect(panels.map((panel) => panel.operation.value).sort()).toEqual(Object.keys(catalog).sort());
    const { page } = browser;
    await inPanel(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('ndv').waitFor({ state: 'hidden' });
    await expect(page.getByTestId('canvas-node').count()).resolves.toBe(2);
    await page.waitForTimeout(500);
    await shoot(page, '99-canvas');
    writeReport('editor', `n8n editor in headless Chromium (n8n ${stack.n8n.runtime.version})`, {
      resources: new Set(panels.map((panel) => panel.resource.value)).size,
      operations: panels.length,
      'fields checked': panels.reduce((sum, panel) => sum + panel.fields.length, 0),
      screenshots: shots.length,
      'screenshots in': '.reports/screenshots/n8n-editor/',
      'requests refused (not loopback)': browser.blocked.length,
    });
  });

  it('shows Download Media files in the output panel as binary data', async () => {
    const { page } = browser;
    await page.goto(`${url}/workflow/sdExampleMedia01`);
    await page.getByTestId('canvas-node').filter({ hasText: 'New Media Tweet' }).first().dblclick();
    await page.getByTestId('ndv').waitFor();
    // The trigger alone, as Fetch Test Event: the upload step would go to slack.com.
    await page.getByTestId('node-execute-button').first().click();
    const output = page.getByTestId('output-panel');
    await output.getByText('Binary', { exact: true }).first().click();
    const file = output.getByText(/^\d+-0\.(png|gif|mp4)$/).first();
    await file.waitFor();
    await shoot(page, 'media-binary-output');
    if (process.env.UPDATE_DOCS_SCREENSHOTS) copyFileSync(shots.at(-1)!, DOCS_SHOT);
    await page.keyboard.press('Escape');
  });
});
