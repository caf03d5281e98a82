import { describe, expect, it } from "vitest";
import { PaisListAnswer } from "@tours/contract";
import { PUBLIC_READS, ifNoneMatchHolds } from "../src/http/conditional.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true, staff: ["admin"] });

describe("ETag and 304 on the public reads", () => {
  it("covers the public GETs of the call table, not the staff ones nor health", () => {
    expect(PUBLIC_READS.has("/api/pais/index")).toBe(true);
    expect(PUBLIC_READS.has("/api/pais/resumen")).toBe(true);
    expect(PUBLIC_READS.has("/api/tour/index/ciudad/:ciudadId")).toBe(true);
    expect(PUBLIC_READS.has("/api/freetours/tours/:countryId")).toBe(true);
    expect(PUBLIC_READS.has("/api/compra/index")).toBe(false);
    expect(PUBLIC_READS.has("/api/health")).toBe(false);
  });

  it("answers an ETag and no-cache, then 304 without a body while nothing changed", async () => {
    const pais = PaisListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/pais/index" })).json()).succes[0]!;
    const ciudades = (await t.app.inject({ method: "GET", url: `/api/ciudades/find/${pais.id}` })).json() as { succes: Array<{ id: number }> };
    const ciudad = ciudades.succes[0]!.id;
    const reads = ["/api/pais/index", "/api/pais/resumen", "/api/tour/index?range=[0,4]", "/api/banner", `/api/pais/find/${pais.id}`];
    // the API names this route's parameter :id, the call table :ciudadId; the city page reads it on every render
    reads.push(`/api/ciudades/findciudad/${ciudad}`, `/api/tour/index/ciudad/${ciudad}?pagina=1&por_pagina=24`);
    for (const url of reads) {
      const first = await t.app.inject({ method: "GET", url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers["cache-control"]).toBe("public, no-cache");
      const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe("");
      expect(again.headers.etag).toBe(etag);
      const other = await t.app.inject({ method: "GET", url, headers: { "if-none-match": '"otra"' } });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    }
  });

  it("gives a new ETag once the data changes, so a stale copy is replaced", async () => {
    const before = await t.app.inject({ method: "GET", url: "/api/pais/index" });
    const pais = PaisListAnswer.parse(before.json()).succes[0]!;
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/pais/update/${pais.id}`,
      headers: t.staff("admin"),
      payload: { nombre: `${pais.nombre} (editado)`, prefijo: pais.prefijo, destacado: 1 },
    });
    expect(updated.statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/api/pais/index", headers: { "if-none-match": before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain("(editado)");
  });

  it("leaves errors and staff reads alone", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/pais/find/99999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const staff = await t.app.inject({ method: "GET", url: "/api/compra/index", headers: t.staff("admin") });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers.etag).toBeUndefined();
  });

  it("compares If-None-Match weakly, in lists and with *", () => {
    expect(ifNoneMatchHolds('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHolds('"x", "abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchHolds("*", '"abc"')).toBe(true);
    expect(ifNoneMatchHolds('"abd"', '"abc"')).toBe(false);
    expect(ifNoneMatchHolds(undefined, '"abc"')).toBe(false);
  });
});
