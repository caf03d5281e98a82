/** The storefront's public origin (STOREFRONT_URL, else the request's own), for absolute links such as canonical. */
export function siteOrigin(request: Request): string {
  const configured = process.env.STOREFRONT_URL?.replace(/\/+$/, "");
  return configured || new URL(request.url).origin;
}
