/**
 * Files of records (CSV, JSON Lines, JSON, ids): the formats and a paged read written as one file.
 * An entry of its own, as the CSV writer is a dependency the other entries do not need.
 */
export { FORMATS, createFormatter } from './files/formats';
export type { Format, FormatState, Formatter } from './files/formats';
export { pageFile } from './files/page-file';
export type { FileEnd, PageFile, PageFileOptions, PageFileSummary } from './files/page-file';
