import { describe, expect, it } from "vitest";
import { CALLS } from "@tours/contract";
import { makeImage, multipart } from "./helpers.ts";
import { NOW, buyer, line } from "./compra-fixtures.ts";
import { useTestApp } from "./test-app.ts";

/*
 * Odd input must never answer 5xx (nothing leaked, nothing half-saved, but a 500 is a bug): object-key names in the
 * list dialect, NUL bytes, very long strings, unicode, wrong types — in every public body field and list parameter.
 */

const t = useTestApp({ paypal: true, clock: NOW, catalogue: true, staff: ["admin"], env: { STOREFRONT_URL: "http://tienda.test" } });

const INHERITED = ["__proto__", "toString", "constructor", "hasOwnProperty", "valueOf"];
const NUL = "Hola\u0000mundo";
const ODD_VALUES: unknown[] = [
  NUL,
  "\u0000",
  "x".repeat(100_000),
  "__proto__",
  "constructor",
  "👩‍👩‍👧‍👦 مرحبا \u202e abc",
  "\ud800",
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"polluted": 1}}'),
  [],
  ["a"],
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  null,
  true,
];

describe("the list dialect", () => {
  const lists = Object.entries(CALLS).filter(([, c]) => "list" in c && c.list);

  it.each(lists.flatMap(([name, c]) => INHERITED.map((key) => [name, c.path, key] as const)))(
    "%s: sort or filter by %s… (%s) is a 400 in Spanish",
    async (_name, path, key) => {
      for (const query of [
        `sort=${encodeURIComponent(JSON.stringify([key, "ASC"]))}&range=[0,9]`,
        `filter=${encodeURIComponent(`{"${key}":1}`)}&range=[0,9]`,
        `filter=${encodeURIComponent(`{"${key}":{"a":1}}`)}`,
      ]) {
        const res = await t.app.inject({ method: "GET", url: `${path}?${query}`, headers: t.staff("admin") });
        expect(res.statusCode, `${path}?${query} → ${res.body}`).toBe(400);
        expect(res.json().errors[0].msg).toMatch(/[a-záéíóúñ]/i);
      }
    },
  );

  it("odd values in sort, range and filter never answer 5xx", async () => {
    for (const [, c] of lists) {
      for (const value of ODD_VALUES) {
        for (const param of ["sort", "range", "filter"]) {
          const raw = typeof value === "string" ? value.replace(/[\ud800-\udfff]/g, "") : JSON.stringify(value) ?? "";
          const res = await t.app.inject({ method: "GET", url: `${c.path}?${param}=${encodeURIComponent(raw)}`, headers: t.staff("admin") });
          expect(res.statusCode, `${c.path} ${param}=${raw.slice(0, 40)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }
        const filter = JSON.stringify({ q: value, id: value, nombre: value });
        const res = await t.app.inject({ method: "GET", url: `${c.path}?filter=${encodeURIComponent(filter)}`, headers: t.staff("admin") });
        expect(res.statusCode, `${c.path} filter=${filter.slice(0, 60)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });
});

describe("public bodies", () => {
  const bodies: Array<{ url: string; body: () => Record<string, unknown> }> = [
    { url: "/api/tour/comentario", body: () => ({ email: "a@b.co", comentario: "Muy bueno", start: 5, id_tour: t.cat.tourA }) },
    { url: "/api/tour/rewards", body: () => ({ nombre: "Ana", apellido: "Gómez", telefono: "3001234567", email: "a@b.co" }) },
    { url: "/api/tour/ayuda", body: () => ({ nombre: "Ana", apellido: "Gómez", telefono: "3001234567", email: "a@b.co", comentario: "Ayuda" }) },
    { url: "/api/auth/login", body: () => ({ email: "nadie@tours.test", password: "clave-incorrecta" }) },
    { url: "/api/compra/confirma", body: () => ({ token: "NO-EXISTE" }) },
    { url: "/api/compra/cancel", body: () => ({ token: "NO-EXISTE" }) },
    { url: "/api/compra/create", body: () => ({ ...buyer(), pedidos: [line(t.cat.tourA, "11/23/2026-09:00")] }) },
  ];

  it("a NUL byte in a text field is a 400 with a Spanish message, and nothing is stored", async () => {
    for (const { url, body } of bodies.slice(0, 3)) {
      const sample = body();
      for (const field of Object.keys(sample).filter((k) => typeof sample[k] === "string")) {
        const res = await t.app.inject({ method: "POST", url, payload: { ...sample, [field]: NUL } });
        expect(res.statusCode, `${url} ${field} → ${res.body}`).toBe(400);
        expect(res.json().errors[0].msg).toBe("El texto contiene caracteres no permitidos");
      }
    }
  });

  it("every field of every public body, fuzzed, never answers 5xx", async () => {
    for (const { url, body } of bodies) {
      const sample = body();
      const fields = [...Object.keys(sample), "__proto__", "constructor", "extra"];
      for (const field of fields) {
        for (const value of ODD_VALUES) {
          const payload = JSON.stringify({ ...sample, [field]: value });
          const res = await t.app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json" } });
          expect(res.statusCode, `${url} ${field}=${JSON.stringify(value)?.slice(0, 40)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }
      }
    }
    // the order lines' own fields
    for (const field of ["tour_id", "dia", "mayores_15", "de_4_15", "menores_3", "mascotas", "nombre", "imagen", "precio"]) {
      for (const value of ODD_VALUES) {
        const payload = JSON.stringify({ ...buyer(), pedidos: [{ ...line(t.cat.tourA, "11/23/2026-09:00"), [field]: value }] });
        const res = await t.app.inject({ method: "POST", url: "/api/compra/create", payload, headers: { "content-type": "application/json" } });
        expect(res.statusCode, `pedidos[0].${field}=${JSON.stringify(value)?.slice(0, 40)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });

  it("a NUL byte in a path or query parameter is a 400", async () => {
    for (const url of ["/api/tour/find/1%00", "/api/tour/disponibilidad/1?mes=2026-11%00", "/api/freetours/tour/abc%00"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});

describe("phones and tax ids", () => {
  it("refuse letters at the API, in Spanish", async () => {
    const rewards = await t.app.inject({
      method: "POST",
      url: "/api/tour/rewards",
      payload: { nombre: "Ana", apellido: "Gómez", telefono: "300 ABC 1234", email: "a@b.co" },
    });
    expect(rewards.statusCode).toBe(400);
    expect(rewards.json().errors[0].msg).toBe("El teléfono solo admite números, espacios, +, -, punto y paréntesis");
    const order = await t.app.inject({
      method: "POST",
      url: "/api/compra/create",
      payload: { ...buyer({ nit: "1020A3040" }), pedidos: [line(t.cat.tourA, "11/23/2026-09:00")] },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().errors.map((e: { msg: string }) => e.msg)).toContain("La cédula o NIT solo admite números, puntos y guiones");
  });
});

describe("multipart", () => {
  it("more than 50 fields before the file is refused in Spanish (413), not a 500", async () => {
    const fields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`campo${i}`, "x"]));
    const form = multipart({ ...fields, nombre: "Tour", precio: "10", pais: 1, ciudad: 1 }, [
      { field: "fotos", filename: "a.png", data: await makeImage(), contentType: "image/png" },
    ]);
    const res = await t.app.inject({ method: "POST", url: "/api/tour/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().errors[0].msg).toMatch(/demasiad/i);
  });
});
