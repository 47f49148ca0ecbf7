export { startSandbox, DEFAULT_KEY, BODY_LIMIT } from './http/server';
export type { Sandbox, SandboxOptions } from './http/server';
export {
  DEFAULT_HOSTILE_BYTES,
  FAULT_KINDS,
  MEDIA_FAULT_KINDS,
  TRANSIENT_FAULTS,
  TIMING_FAULT_KINDS,
  EDGE_FAULT_KINDS,
  TRIGGER_FAULT_KINDS,
} from './http/faults';
export { MEDIA_ENDPOINT } from './media/route';
export { startRecorder } from './http/recorder';
export type { Recorder, RecordedRequest } from './http/recorder';
export type { FaultKind, FaultRule } from './http/faults';
export { WELL_KNOWN, OWNER } from './world/accounts';
export { accountId, communityId, listId, topicId } from './world/ids';
export { RECORD_INPUTS } from './world/inputs';
export { SEEDED_LISTS } from './world/world';
export { COMMUNITIES, TOPICS_SEEDED } from './world/records';
export { UNDOCUMENTED_MAX_COUNT, TWEETS_PER_PAGE } from './http/paging';
export { SandboxControl } from './control-client';
export { tweetIds } from './world/tweet-ids';
export { startSandboxProcess } from './process';
export type { SandboxProcess } from './process';
