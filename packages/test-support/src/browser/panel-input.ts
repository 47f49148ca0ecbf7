import type { Page } from 'playwright-core';

import { EDITOR_WAIT_MS } from './editor';
import { click } from './human';

/** Picks an option of a dropdown parameter in the open node panel by its display name. */
export async function choose(page: Page, parameter: string, option: string): Promise<void> {
  const input = page.getByTestId('ndv').getByTestId(`parameter-input-${parameter}`);
  if ((await input.locator('input').inputValue()) === option) return;
  await click(input);
  await click(
    page
      .locator('.el-select__popper:visible [data-test-id="parameter-input-item"]')
      .filter({ has: page.getByText(option, { exact: true }) })
      .first(),
  );
  const deadline = Date.now() + EDITOR_WAIT_MS;
  let shown = '';
  while ((shown = await input.locator('input').inputValue()) !== option) {
    if (Date.now() > deadline)
      throw new Error(`the ${parameter} picker shows "${shown}" after choosing "${option}"`);
    await page.waitForTimeout(100);
  }
}
