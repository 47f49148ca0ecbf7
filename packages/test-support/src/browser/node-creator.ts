import type { Page } from 'playwright-core';

import { click } from './human';

/**
 * In the open node creator, picks a node by its display name and then one of its actions, as a
 * person does; the node's panel opens next. The "Actions" group starts folded in some views.
 */
export async function pickAction(page: Page, node: string, action: string): Promise<void> {
  const creator = page.getByTestId('node-creator');
  await click(creator.getByTestId('node-creator-item-name').getByText(node, { exact: true }).first());
  const item = creator.getByText(action, { exact: true });
  if (!(await item.isVisible()))
    await click(page.getByTestId('node-creator-category-item').filter({ hasText: 'Actions' }));
  await click(item);
}
