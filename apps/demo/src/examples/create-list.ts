import type { Example, ExampleResult } from './example';
import { importAndExecute } from './run';
import { loadExample } from './workflows';

export interface CreateListResult extends ExampleResult {
  listId: string;
  createRequests: number;
}

export const createList: Example<CreateListResult> = {
  file: 'create-list.json',
  title: 'Create a list (own session)',
  async run({ stack }) {
    const before = stack.sandbox.stats.createListRequests;
    const execution = await importAndExecute(stack, loadExample(this.file));
    const [created] = execution.items('Create List');
    const listId = String(created?.json.list_id ?? '');
    const createRequests = stack.sandbox.stats.createListRequests - before;
    return {
      listId,
      createRequests,
      outputs: [],
      summary: [`list "Launch watch" created with id ${listId} (${createRequests} create request)`],
    };
  },
};
