/**
 * How long the storefront uses what it has of the catalogue without asking again: the API's catalogue reads
 * (app/lib/api.server.ts) and the pages rendered from nothing else (page-cache.mjs). A change made in the panel
 * reaches the pages within twice this.
 */
export const CATALOGUE_FRESH_MS = 1_000;
