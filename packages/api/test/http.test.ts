import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HealthAnswer, ValidationErrorBody } from "@tours/contract";
import { createTestApp } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ env: { CORS_ORIGINS: "http://localhost:3000,https://tienda.example.com" }, staff: ["admin"] });

describe("HTTP boundary", () => {
  it("answers malformed JSON with a Spanish 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tour/rewards",
      headers: { "content-type": "application/json" },
      payload: '{"nombre": "Ana",',
    });
    expect(res.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(res.json()).errors[0]!.msg).toBe("El cuerpo de la petición no es un JSON válido");
  });

  it("treats an empty JSON body on DELETE as no body", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/tour/horario/delete/999", headers: { ...t.staff("admin"), "content-type": "application/json" } });
    expect(res.statusCode).toBe(404);
  });

  it("answers unknown routes with a Spanish 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nada" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ msg: "La ruta solicitada no existe" }] });
  });

  it("never sends a stack trace: an internal failure is a generic Spanish 500", async () => {
    const broken = await createTestApp();
    try {
      // a missing table makes the query fail inside the handler
      await broken.db.execute(sql`drop table fotos`);
      const res = await broken.app.inject({ method: "GET", url: "/api/tour/index" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ errors: [{ msg: "Se genero un error inesperado, intente de nuevo más tarde" }] });
      expect(res.body).not.toMatch(/at |\.ts|relation|stack|fotos/i);
    } finally {
      await broken.close();
    }
  });

  it("sets security headers and CORS only for configured origins, exposing Content-Range", async () => {
    const ok = await t.app.inject({ method: "GET", url: "/api/pais/index", headers: { origin: "https://tienda.example.com" } });
    expect(ok.headers["access-control-allow-origin"]).toBe("https://tienda.example.com");
    expect(String(ok.headers["access-control-expose-headers"])).toContain("Content-Range");
    expect(ok.headers["x-content-type-options"]).toBe("nosniff");
    expect(ok.headers["strict-transport-security"]).toBeDefined();
    expect(ok.headers["x-powered-by"]).toBeUndefined();

    const other = await t.app.inject({ method: "GET", url: "/api/pais/index", headers: { origin: "https://malo.example.com" } });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();

    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/pais/update/1",
      headers: { origin: "http://localhost:3000", "access-control-request-method": "PUT", "access-control-request-headers": "authorization,content-type" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers["access-control-allow-methods"])).toContain("PUT");
    expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
  });

  it("refuses JSON bodies over the limit", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tour/rewards",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ nombre: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].msg).toBe("La petición supera el tamaño máximo permitido");
  });

  it("reports health", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(HealthAnswer.parse(res.json()).status).toBe("ok");
  });

  it("accepts both trailing-slash spellings of a call", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/pais/index/" })).statusCode).toBe(200);
  });
});

describe("OpenAPI", () => {
  it("describes every call of the contract", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string; security?: unknown }>> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/pais/find/{id}"]?.get?.operationId).toBe("paisFind");
    expect(doc.paths["/api/tour/rewards/index"]?.get?.security).toEqual([{ bearer: [] }]);
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p));
    expect(operations.length).toBeGreaterThanOrEqual(40);
  });
});
