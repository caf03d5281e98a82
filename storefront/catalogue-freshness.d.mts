export const CATALOGUE_FRESH_MS: number;
