import type { HeadersFunction } from "@remix-run/node";

/**
 * Pages of one visitor (cart, checkout, payment results, forms, a tour page that records the visit in a
 * cookie): never stored by a shared cache.
 */
export const privatePageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
