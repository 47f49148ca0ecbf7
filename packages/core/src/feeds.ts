/**
 * `@social-data/core/feeds` — the watch of a feed and the reads built on it: the feed catalog, one
 * poll of one or many accounts (`pollOnce`, `pollAccountsOnce`) over a host's `StateStore`, the
 * tweet filters and the read plan of an action (`readOptions`).
 */
export * from './feeds/index';
