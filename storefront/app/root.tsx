import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { getToast } from "~/lib/toast.server";
import { ErrorPage } from "~/components/ErrorPage";
import { NavigationStatus } from "~/components/NavigationStatus";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { Toasts, type ServerToast } from "~/components/Toasts";
import { publicApiBase } from "~/lib/api.server";
import { getCart } from "~/lib/cart.server";
import { VITALS_SAMPLE_RATE } from "~/lib/field-vitals.server";
import type * as FieldVitalsModule from "~/lib/field-vitals.client";
import fieldVitalsUrl from "virtual:field-vitals";
import { InlineStyles } from "~/lib/inline-styles";
import { useNonce } from "~/lib/nonce";
import { siteOrigin } from "~/lib/origin.server";
import { DEFAULT_DESCRIPTION, SITE_NAME, seo } from "~/lib/seo";

export const links: LinksFunction = () => [
  // no stylesheet link: the server inlines the stylesheets (lib/inline-styles.tsx)
  {
    rel: "icon",
    type: "image/svg+xml",
    href: `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#b8461f"/><text x="16" y="22" font-size="18" text-anchor="middle" fill="#fff">✦</text></svg>',
    )}`,
  },
];

export const meta: MetaFunction = ({ error }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: `${notFound ? "Página no encontrada" : "Algo salió mal"} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  }
  return seo({ title: SITE_NAME, description: DEFAULT_DESCRIPTION });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request);
  let cartCount = 0;
  try {
    cartCount = (await getCart(request)).length;
  } catch (error) {
    // A cookie signed with an old secret or tampered with: the visitor simply has an empty cart.
    console.error("[storefront] no se pudo leer el carrito:", error);
  }
  const serverToast: ServerToast | null = toast
    ? { id: crypto.randomUUID(), message: toast.message, type: toast.type }
    : null;
  return json(
    // origin: the storefront's public origin, for the canonical and og:url of every page (lib/seo.ts)
    {
      toast: serverToast,
      cartCount,
      publicApiUrl: publicApiBase(),
      origin: siteOrigin(request),
      // the share of page views that report their field vitals (lib/field-vitals.client.ts)
      vitalsSampleRate: VITALS_SAMPLE_RATE,
    },
    // Only a consumed toast needs its cookie cleared; other pages stay free of Set-Cookie (and cacheable).
    toast ? { headers } : undefined,
  );
}

/**
 * Marks the document once React has hydrated (end-to-end tests wait for it before driving JS behaviour), then,
 * for a sampled page view, loads the field-vitals reporter on its own chunk.
 */
function HydrationMarker({ vitalsSampleRate }: { vitalsSampleRate: number }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    if (Math.random() < vitalsSampleRate) {
      void (import(/* @vite-ignore */ fieldVitalsUrl) as Promise<typeof FieldVitalsModule>).then((m) => m.reportFieldVitals());
    }
  }, [vitalsSampleRate]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14213d" />
        <InlineStyles />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteHeader cartCount={data?.cartCount ?? 0} />
        <main id="contenido" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <Toasts serverToast={data?.toast ?? null} />
        <NavigationStatus />
        <HydrationMarker vitalsSampleRate={data?.vitalsSampleRate ?? 0} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} />;
}
