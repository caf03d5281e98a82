import { createApiClient, imageUrl } from "@tours/contract";

declare global {
  interface Window {
    __PANEL_CONFIG__?: { apiUrl?: string };
  }
}

// The storefront injects the browser-facing API origin into index.html (PUBLIC_API_URL); `vite` dev falls back
// to VITE_API_URL and then to the default API port.
export const apiBaseUrl: string = (
  window.__PANEL_CONFIG__?.apiUrl ||
  (import.meta.env.VITE_API_URL as string | undefined) ||
  "http://localhost:4000"
).replace(/\/+$/, "");

export const TOKEN_KEY = "token";
export const NAME_KEY = "nombre";

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export const api = createApiClient({ baseUrl: apiBaseUrl, token: readToken });

/** Browser URL of a stored file (`uploads/…`) kept by the API. */
export function imageSrc(path: string | null | undefined): string | undefined {
  return path ? imageUrl(apiBaseUrl, path) : undefined;
}
