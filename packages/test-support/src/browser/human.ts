import type { Locator, Page } from 'playwright-core';

/** A person's pace: a pause before each action and keys one at a time. */
const PAUSE_MS = 300;
const KEY_DELAY_MS = 40;

export async function pause(page: Page): Promise<void> {
  await page.waitForTimeout(PAUSE_MS);
}

export async function click(target: Locator): Promise<void> {
  await pause(target.page());
  await target.click();
}

/** Clears a field and types into it key by key, as a person does. */
export async function type(target: Locator, text: string): Promise<void> {
  await click(target);
  await target.press('ControlOrMeta+a');
  await target.press('Backspace');
  await target.pressSequentially(text, { delay: KEY_DELAY_MS });
}
