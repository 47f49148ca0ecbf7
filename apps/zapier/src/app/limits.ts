/**
 * Zapier's limits on what one step may return, from zapier-platform-core 19.1.0
 * (`RESPONSE_SIZE_LIMIT` in its constants, the size of a step's results as JSON) and Zapier's
 * documented operating constraints (a 6 MB trigger or action payload, 30 s per step).
 */
export const ZAPIER_RESPONSE_LIMIT_BYTES = 6_291_456;

/**
 * What a step plans to return at most: five sixths of Zapier's limit. The rest is headroom for
 * the fields beside the records, for Zapier's own wrapping of the output, and for a page that
 * comes back larger than the pages before it.
 */
export const OUTPUT_BUDGET_BYTES = 5 * 1024 * 1024;

/**
 * The most the records of one step may ever take: a page already read is kept while the records
 * stay under this, which leaves room for the fields beside them.
 */
export const RECORDS_LIMIT_BYTES = ZAPIER_RESPONSE_LIMIT_BYTES - 64 * 1024;

export const DEFAULT_MAX_ITEMS = 100;

/**
 * The largest Max Items a feed action takes. Even the smallest records (about 400 bytes) fill
 * the output budget long before this; the size bound is what really stops a large read.
 */
export const MAX_ITEMS_CEILING = 50_000;
