import type { Example, ExampleResult } from './example';
import { importAndExecute } from './run';
import { loadExample } from './workflows';

export interface ChainResult extends ExampleResult {
  profile: string;
  known: string[];
  looked: string[];
  batchRequests: number;
}

export const chainLookups: Example<ChainResult> = {
  file: 'chain-lookups.json',
  title: 'Chain lookups: profile → followers you know → one batch lookup',
  async run({ stack }) {
    const before = stack.sandbox.stats.byEndpoint.getUsersByIds ?? 0;
    const execution = await importAndExecute(stack, loadExample(this.file));
    const [profile] = execution.items('Get Profile');
    const known = execution.items('Followers You Know').map((item) => String(item.json.id));
    const looked = execution.items('Look Up in One Batch').map((item) => String(item.json.id));
    const names = execution.items('Look Up in One Batch').map((item) => `@${String(item.json.userName)}`);
    const batchRequests = (stack.sandbox.stats.byEndpoint.getUsersByIds ?? 0) - before;
    return {
      profile: String(profile?.json.userName),
      known,
      looked,
      batchRequests,
      outputs: [],
      summary: [
        `@${String(profile?.json.userName)} (${String(profile?.json.followers)} followers) → ${known.length} followers you know → ${looked.length} profiles in ${batchRequests} batch request(s)`,
        `first of them: ${names.slice(0, 4).join(', ')}${names.length > 4 ? ', …' : ''}`,
      ],
    };
  },
};
