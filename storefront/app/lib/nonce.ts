import { createContext, useContext } from "react";

/**
 * The per-request Content-Security-Policy nonce (made by storefront/server.mjs, handed to Remix as load context):
 * every inline script the document renders carries it, so the policy needs no 'unsafe-inline' for scripts.
 * In the browser, after hydration, it is empty: browsers hide nonces from scripts and nothing new is inlined.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
