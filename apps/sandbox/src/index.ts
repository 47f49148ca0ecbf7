export { startSandbox, DEFAULT_KEY, BODY_LIMIT } from './http/server';
export type { Sandbox, SandboxOptions } from './http/server';
export { FAULT_KINDS, TRANSIENT_FAULTS } from './http/faults';
export type { FaultKind, FaultRule } from './http/faults';
export { WELL_KNOWN, OWNER } from './world/accounts';
export { accountId, communityId, listId, topicId } from './world/ids';
export { SEEDED_LISTS } from './world/world';
export { COMMUNITIES, TOPICS_SEEDED } from './world/records';
export { UNDOCUMENTED_MAX_COUNT, TWEETS_PER_PAGE } from './http/paging';
