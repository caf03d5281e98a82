import { describe, expect, it } from "vitest";
import { CALLS, buildPath } from "@tours/contract";
import { bearer, signStaffToken } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

/**
 * Every call of the contract that needs the bearer token refuses a missing, tampered or expired token with 401 before doing anything.
 */
const t = useTestApp({ seed: true, staff: ["admin"] });

// orders (compra*) are the payments engineer's and have their own tests
const protectedCalls = Object.entries(CALLS).filter(([name, call]) => call.auth && !name.startsWith("compra"));

function pathOf(path: string): string {
  return buildPath(path, { id: 1, paisId: 1, ciudadId: 1, tourId: 1, fotoId: 1, pedidoId: 1, salidaId: "1-20261123-1000", recurso: "tour", recursoId: 1, webhookId: "00000000-0000-4000-8000-000000000001", tipo: "tours", pagina: 1, token: "enlace-de-prueba-123", entradaId: 1, countryId: "8c0a1714-7f99-5c9c-aeb0-59cf61bb0fad" });
}

async function expiredToken(): Promise<string> {
  const past = Math.floor(Date.now() / 1000) - 10 * 3600;
  return signStaffToken(t.config, { issuedAt: past, expiresAt: past + 3600 });
}

describe("calls that need the bearer token", () => {
  it("covers the panel and the lists of people's data", () => {
    const names = protectedCalls.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(["paisCreate", "tourCreate", "rewardsIndex", "ayudaIndex", "horarioIndex", "bannerDelete", "authAutenticate"]),
    );
  });

  it.each(protectedCalls)("%s answers 401 without a valid token", async (_name, call) => {
    const url = pathOf(call.path);
    const expired = await expiredToken();
    const tampered = t.token("admin").slice(0, -3) + (t.token("admin").endsWith("abc") ? "xyz" : "abc");
    for (const headers of [{}, bearer(tampered), bearer(expired)]) {
      const res = await t.app.inject({ method: call.method, url, headers, payload: call.method === "GET" ? undefined : {} });
      expect(res.statusCode, `${call.method} ${url}`).toBe(401);
    }
  });

  it("the same expired-token recipe is accepted while still valid (so the 401 above is about expiry)", async () => {
    const now = Math.floor(Date.now() / 1000);
    const fresh = await signStaffToken(t.config, { issuedAt: now, expiresAt: now + 3600 });
    const res = await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(fresh) });
    expect(res.statusCode).toBe(200);
  });
});

describe("the call table", () => {
  it.each(Object.entries(CALLS))("%s is served (its route exists)", async (_name, call) => {
    const headers = call.auth ? t.staff("admin") : {};
    const res = await t.app.inject({ method: call.method, url: pathOf(call.path), headers, payload: call.method === "GET" ? undefined : {} });
    expect(res.json(), `${call.method} ${call.path}`).not.toEqual({ errors: [{ msg: "La ruta solicitada no existe" }] });
  });
});
