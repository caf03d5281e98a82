import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startPaypalSimulator, type RunningSimulator } from "@tours/paypal-simulator";
import { staffUsersTable } from "../src/modules/auth/auth.table.ts";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { bearer, createTestApp, loginAsStaff, type TestApp } from "./helpers.ts";
import { NOW, line, seedCatalogue, simulatorClient, type Catalogue } from "./compra-fixtures.ts";
import { buyPaid, type Bought } from "./reserva-fixtures.ts";

/*
 * Issue 28: a Guía sees and checks in only the departures assigned to them; Administrador and Ventas assign guides.
 * For another departure's booking a guide learns nothing beyond "no es de esta salida".
 */

let sim: RunningSimulator;
let t: TestApp;
let cat: Catalogue;
let admin: Record<string, string>;
let ventas: Record<string, string>;
let guia: Record<string, string>;
let otraGuia: Record<string, string>;
let guiaId: number;
let mine: Bought;
let theirs: Bought;
const MINE = () => `${cat.tourA}-20261123-1400`;
const THEIRS = () => `${cat.tourA}-20261125-0900`;

beforeAll(async () => {
  sim = await startPaypalSimulator({ port: 0 });
  t = await createTestApp({ payments: simulatorClient(sim), now: () => NOW });
  cat = await seedCatalogue(t.db);
  admin = bearer(await loginAsStaff(t.app));
  ventas = bearer(await loginAsStaff(t.app, "ventas"));
  guia = bearer(await loginAsStaff(t.app, "guia", "lucia@tours.test"));
  otraGuia = bearer(await loginAsStaff(t.app, "guia", "mateo@tours.test"));
  guiaId = (await t.db.select().from(staffUsersTable).where(eq(staffUsersTable.email, "lucia@tours.test")))[0]!.id;
  mine = await buyPaid({ ...t, sim }, [line(cat.tourA, "11/23/2026-14:00", { mayores_15: 2 })], { nombre: "Ana" });
  theirs = await buyPaid({ ...t, sim }, [line(cat.tourA, "11/25/2026-09:00")], { nombre: "Bruno", apellido: "Díaz" });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const guias = (salida: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: payload ? "PUT" : "GET", url: `/api/salidas/guias/${salida}`, headers, payload: payload as object });
const consulta = (referencia: string, salida: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/checkin/consulta?referencia=${referencia}&salida=${salida}`, headers });
const registrar = (referencia: string, salida: string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/checkin", payload: { referencia, salida }, headers });

describe("assigning guides", () => {
  it("Administrador and Ventas assign guides to a departure, audited; a Guía cannot; only active guides can be assigned", async () => {
    const before = await guias(MINE(), admin);
    expect(before.statusCode).toBe(200);
    expect(before.json().succes.guias).toEqual([]);
    expect(before.json().succes.disponibles.map((g: { nombre: string }) => g.nombre)).toEqual(["Usuario guia", "Usuario guia"]);

    expect((await guias(MINE(), guia, { guias: [guiaId] })).statusCode).toBe(403);
    const ventasId = (await t.db.select().from(staffUsersTable).where(eq(staffUsersTable.email, "ventas@tours.test")))[0]!.id;
    const notGuide = await guias(MINE(), admin, { guias: [ventasId] });
    expect(notGuide.statusCode).toBe(400);
    expect(notGuide.json().errors[0].msg).toBe(`El usuario ${ventasId} no es un guía activo`);

    const set = await guias(MINE(), ventas, { guias: [guiaId] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().succes.guias).toEqual([{ id: guiaId, nombre: "Usuario guia", email: "lucia@tours.test" }]);
    expect((await guias(MINE(), admin)).json().succes.guias.map((g: { id: number }) => g.id)).toEqual([guiaId]);
    const audit = await t.db.select().from(auditLogTable).where(eq(auditLogTable.resourceId, MINE()));
    expect(audit.map((a) => a.action)).toEqual(["update"]);
  });
});

describe("a guide's departures", () => {
  it("the assigned guide sees the departure, its manifest and checks its bookings in", async () => {
    expect((await t.app.inject({ method: "GET", url: `/api/salidas/find/${MINE()}`, headers: guia })).statusCode).toBe(200);
    const manifest = await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${MINE()}`, headers: guia });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json().succes.pedidos.map((p: { nombre: string }) => p.nombre)).toEqual(["Ana"]);
    const seen = await consulta(mine.referencia, MINE(), guia);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().succes).toMatchObject({ nombre: "Ana", personas: 2 });
    expect((await registrar(mine.referencia, MINE(), guia)).statusCode).toBe(200);
  });

  it("the guide's list of departures holds only theirs; other roles list them all", async () => {
    const url = `/api/salidas?filter=${encodeURIComponent(JSON.stringify({ tour_id: cat.tourA, desde: "2026-11-23", hasta: "2026-11-25" }))}`;
    const listed = await t.app.inject({ method: "GET", url, headers: guia });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().succes.map((s: { id: string }) => s.id)).toEqual([MINE()]);
    expect(listed.headers["content-range"]).toMatch(/\/1$/);
    expect((await t.app.inject({ method: "GET", url, headers: otraGuia })).json().succes).toEqual([]);
    expect((await t.app.inject({ method: "GET", url, headers: ventas })).json().succes.length).toBeGreaterThan(1);
  });

  it("another departure is not there for the guide: no departure, no manifest, no check-in", async () => {
    for (const url of [`/api/salidas/find/${THEIRS()}`, `/api/salidas/manifiesto/${THEIRS()}`]) {
      const res = await t.app.inject({ method: "GET", url, headers: guia });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].msg).toBe("La salida no existe");
    }
    for (const res of [await consulta(theirs.referencia, THEIRS(), guia), await registrar(theirs.referencia, THEIRS(), guia)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: [{ msg: "No tienes asignada esta salida; pide a un administrador que te la asigne" }] });
      expect(res.body).not.toContain("Bruno");
    }
    // a guide of no departure at all
    expect((await consulta(mine.referencia, MINE(), otraGuia)).statusCode).toBe(403);
  });

  it("at their own departure, another departure's booking and an unknown reference are only \"no es de esta salida\"", async () => {
    for (const referencia of [theirs.referencia, "TR-ZZZZZZZZ"]) {
      for (const res of [await consulta(referencia, MINE(), guia), await registrar(referencia, MINE(), guia)]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().errors).toEqual([expect.objectContaining({ msg: "Esta reserva no es de esta salida", path: "referencia" })]);
        expect(res.body).not.toMatch(/Bruno|Candelaria|noviembre/);
      }
    }
  });

  it("other roles as before: every departure, and which departure a voucher is for", async () => {
    expect((await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${THEIRS()}`, headers: ventas })).statusCode).toBe(200);
    const other = await consulta(theirs.referencia, MINE(), admin);
    expect(other.statusCode).toBe(409);
    expect(other.json().errors[0].msg).toBe("Este voucher es de otra salida: La Candelaria, miércoles, 25 de noviembre de 2026 a las 09:00 hora de Bogotá");
    expect((await consulta(theirs.referencia, THEIRS(), ventas)).statusCode).toBe(200);
  });

  it("unassigning takes the departure away from the guide", async () => {
    expect((await guias(MINE(), admin, { guias: [] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/salidas/find/${MINE()}`, headers: guia })).statusCode).toBe(404);
    expect((await consulta(mine.referencia, MINE(), guia)).statusCode).toBe(403);
  });
});
