import type { PollNotice } from '@social-data/core/feeds';
import type { INodeExecutionData } from 'n8n-workflow';

/**
 * A poll's items, led by a notice item when it could not be sure (decision N29): the execution
 * shows it, and a workflow routes on its `notice` field (an IF node on "notice is not empty"),
 * where a server log line would reach nobody.
 */
export function withNotice(
  items: INodeExecutionData[],
  notice: PollNotice | undefined,
): INodeExecutionData[][] | null {
  const all = notice ? [{ json: { ...notice } }, ...items] : items;
  return all.length === 0 ? null : [all];
}
