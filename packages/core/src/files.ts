/**
 * Files of records (CSV, JSON Lines, JSON, ids): the formats and a paged read written as one file,
 * for hosts that keep files (the CLI, n8n's Output "One File").
 */
export { FORMATS, createFormatter, extraFieldNotice } from './files/formats';
export type { Format, FormatState, Formatter } from './files/formats';
export { pageFile } from './files/page-file';
export type { FileEnd, PageFile, PageFileOptions, PageFileSummary } from './files/page-file';
