/** `@social-data/core/media` — a tweet's media files: which to fetch, and the bounded download. */
export * from './media/index';
