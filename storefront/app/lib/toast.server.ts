import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { sessionSecrets } from "./cookies.server";

/**
 * The flash toast travels in a cookie: signed with the storefront's session secret (remix-toast's own cookie is
 * not: anyone could plant a message the site seems to say), Secure when the storefront is served over HTTPS
 * (STOREFRONT_URL). Every toast of the storefront goes through these helpers.
 */
export function toastCookieOptions(env: Record<string, string | undefined> = process.env) {
  return {
    name: "toast",
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secrets: sessionSecrets(),
    secure: (env.STOREFRONT_URL ?? "").startsWith("https://"),
  };
}

export const { getToast, jsonWithError, jsonWithSuccess, redirectWithError, redirectWithSuccess } =
  createToastUtilsWithCustomSession(createCookieSessionStorage({ cookie: toastCookieOptions() }));
