import type { MetaFunction } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";
import { SITE_NAME } from "~/lib/seo";

/** Any URL no other route claims: a Spanish 404 page with status 404. */
export function loader() {
  throw new Response("Página no encontrada", { status: 404 });
}

export const meta: MetaFunction = () => [
  { title: `Página no encontrada | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
