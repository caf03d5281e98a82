export const SITEMAP_MSG = {
  unknownTipo: "El tipo de sitemap no existe",
} as const;
