export { DEFAULT_MAX_MEDIA_BYTES, downloadMedia } from './download';
export type { MediaDownloadOptions, MediaFile, MediaTarget } from './download';
export { mediaTargets } from './targets';
export type { MediaRequest, MediaResponse, MediaTransport } from './transport';
