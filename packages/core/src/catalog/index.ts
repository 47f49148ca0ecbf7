export { catalog, endpointIds } from './endpoints';
export type { EndpointCatalog, EndpointId } from './endpoints';
export type { BatchLookupId, PageParamsOf, PageRecordOf, PaginatedId, ParamsOf, ResultOf } from './infer';
export type * from './types';
export { endpointSpec, inputParams, isPaginated, recordKindOf } from './queries';
export { tweetsCarryMedia } from './media';
export { SETTING_FIELDS, SETTING_LABELS, SETTING_VARIABLES, USER_SETTINGS } from './settings';
export type { SettingField, UserSetting } from './settings';
export { recordSamples, sampleRecord } from './samples';
