/** The URL of the field-vitals reporter's own chunk (vite.config.ts, fieldVitalsChunk). */
declare module "virtual:field-vitals" {
  const url: string;
  export default url;
}
