export { catalog, endpointIds } from './endpoints';
export type { EndpointCatalog, EndpointId } from './endpoints';
export type { BatchLookupId, PageParamsOf, PageRecordOf, PaginatedId, ParamsOf, ResultOf } from './infer';
export type * from './types';
export { endpointSpec, inputParams, isPaginated, recordKindOf, wireParams } from './queries';
export { sessionParams } from './params';
export { tweetsCarryMedia } from './media';
