export {
  DEFAULT_MAX_MEDIA_BYTES,
  DEFAULT_MEDIA_TIMEOUT_MS,
  MAX_MEDIA_REDIRECTS,
  downloadMedia,
} from './download';
export type { MediaDownloadOptions, MediaFile, MediaTarget } from './download';
export { extensionOf, fitsType, mediaFileName } from './content';
export { mediaTargets } from './targets';
export type { MediaRequest, MediaResponse, MediaTransport } from './transport';
