/** Business constants and limits of product-spec §9. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const SLIDESHOW_INTERVAL_MS = 9_000;
export const BANNER_POPUP_DELAY_MS = 3_000;
export const TOAST_AUTOCLOSE_MS = 5_000;
export const MAX_PHOTOS_PER_SELECTION = 20;
export const HOUR_SLIDER = { min: 0, max: 24, step: 1 } as const;
export const STAR_RATING_MAX = 5;
export const FOOTER_RATING = "9.1/10";
export const CURRENCY = "USD";
/** Shortest password a staff user may choose. */
export const MIN_PASSWORD_LENGTH = 10;
/** Browser storage keys the storefront shares with the existing clients (product-spec §3). */
export const STORAGE_KEYS = {
  cart: "carttravel",
  visited: "actividadesVisitadas",
  token: "token",
  nombre: "nombre",
} as const;
/** How many visited activities the storefront keeps (browser storage and cookie), most recent first. */
export const MAX_VISITED = 8;
