import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { redirectWithError } from "~/lib/toast.server";
import { toastCookieOptions } from "./toast.server";

describe("the toast cookie", () => {
  it("is signed with the session secret: a forged message is ignored", async () => {
    const response = await redirectWithError("/shop", "Mensaje del sitio");
    const header = response.headers.get("Set-Cookie") ?? "";
    expect(header).toMatch(/^toast=/);
    expect(header).toMatch(/HttpOnly/i);
    const cookie = createCookie("toast", { secrets: toastCookieOptions().secrets });
    const value = header.split(";")[0]!;
    expect(JSON.stringify(await cookie.parse(value))).toContain("Mensaje del sitio");
    // the same payload without a valid signature
    const forged = `toast=${Buffer.from(JSON.stringify({ "__flash_toast__": { message: "Falso", type: "success" } })).toString("base64")}`;
    expect(await cookie.parse(forged)).toBeNull();
  });

  it("is Secure when the storefront is served over HTTPS", () => {
    expect(toastCookieOptions({ STOREFRONT_URL: "https://tienda.example" }).secure).toBe(true);
    expect(toastCookieOptions({ STOREFRONT_URL: "http://localhost:3000" }).secure).toBe(false);
  });
});
