import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/lib/origin.server";
import { CRAWLER_CACHE, robotsTxt } from "~/lib/sitemap";

/** /robots.txt: everything public, but the panel, login, cart and checkout, payment results and Mi reserva. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CRAWLER_CACHE },
  });
}
