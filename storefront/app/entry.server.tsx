import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { InlineStylesContext } from "~/lib/inline-styles";
import { ReactFlushes } from "~/lib/react-flushes.server";
import { PAINT_FIRST, paintFirst } from "~/lib/paint-first.server";
import { NonceContext } from "~/lib/nonce";
// the site's stylesheets, processed and minified by Vite, as text in the server bundle only (lib/inline-styles.tsx)
import appCss from "~/styles/app.css?inline";
import bookingCss from "~/styles/booking.css?inline";

const INLINE_CSS = appCss + bookingCss;

// Remix's default Node entry, plus the request's CSP nonce: React puts it on the scripts it streams, and
// NonceContext hands it to <Scripts> and <ScrollRestoration> in root.tsx. The page leaves painted first, hydrated
// after (lib/paint-first.server.ts).

const ABORT_DELAY = 5_000;

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Set by storefront/server.mjs for every request; absent under `remix vite:dev`. */
    cspNonce?: string;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers get the whole document at once; browsers get the shell as soon as it is ready.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      const body = new ReactFlushes((piece) => (PAINT_FIRST ? paintFirst(piece, nonce) : piece));
      responseHeaders.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesContext.Provider value={INLINE_CSS}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
        </InlineStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // errors before the shell reject and are logged by Remix itself
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
