import type { EndpointId, Paginator, SocialDataClient, StopReason } from '@social-data/core';
import { accountId } from '@social-data/sandbox';

export interface Outcome {
  records: unknown[];
  /** Records per page, for paged shapes. */
  pageSizes: number[];
  stopReason: StopReason | undefined;
}

export interface Shape {
  name: string;
  endpoint: EndpointId;
  paged: boolean;
  /** Whether the same call gives the same records every time (a create makes a new list). */
  repeatable: boolean;
  /** The request faults start at: pages take theirs on the second page, where a cursor is sent. */
  faultFrom: number;
  run(client: SocialDataClient): Promise<Outcome>;
}

/** 250 ids: three batched requests in flight at once. */
const USER_IDS = Array.from({ length: 250 }, (_, i) => accountId(1_000 + i));

async function pages<T>(paginator: Paginator<T>): Promise<Outcome> {
  const records: T[] = [];
  const pageSizes: number[] = [];
  for await (const page of paginator.pages()) {
    records.push(...page.records);
    pageSizes.push(page.records.length);
  }
  return { records, pageSizes, stopReason: paginator.stopReason };
}

const single = (record: unknown): Outcome => ({ records: [record], pageSizes: [], stopReason: undefined });

/** One endpoint of each result shape the catalog knows. */
export const SHAPES: Shape[] = [
  {
    name: 'single record',
    endpoint: 'getUser',
    paged: false,
    repeatable: true,
    faultFrom: 0,
    run: async (client) => single(await client.call('getUser', { userName: 'social_data' })),
  },
  {
    name: 'record array',
    endpoint: 'getUsersByIds',
    paged: false,
    repeatable: true,
    faultFrom: 0,
    run: async (client) => {
      const records = await client.call('getUsersByIds', { userIds: USER_IDS });
      return { records, pageSizes: [], stopReason: undefined };
    },
  },
  {
    name: 'tweet page',
    endpoint: 'getUserTweets',
    paged: true,
    repeatable: true,
    faultFrom: 1,
    run: (client) => pages(client.paginate('getUserTweets', { userName: 'social_data' })),
  },
  {
    name: 'user page',
    endpoint: 'getUserFollowers',
    paged: true,
    repeatable: true,
    faultFrom: 1,
    run: (client) => pages(client.paginate('getUserFollowers', { userName: 'followers_201' })),
  },
  {
    name: 'create',
    endpoint: 'createList',
    paged: false,
    repeatable: false,
    faultFrom: 0,
    run: async (client) => single(await client.call('createList', { name: 'Reliability' })),
  },
];
