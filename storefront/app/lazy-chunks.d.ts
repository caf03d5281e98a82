/** The URL of the field-vitals reporter's own chunk (vite.config.ts, lazyChunks). */
declare module "virtual:field-vitals" {
  const url: string;
  export default url;
}

/** The URL of the waiting list form's own chunk (vite.config.ts, lazyChunks); empty on the server. */
declare module "virtual:waitlist-form" {
  const url: string;
  export default url;
}
