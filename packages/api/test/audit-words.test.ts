import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { TEST_ADMIN } from "./helpers.ts";
import { ALL_DAYS, NOW } from "./compra-fixtures.ts";
import { useTestApp } from "./test-app.ts";

/** Actividad in words (issue 22): what was done to what, names instead of ids; staff logins from the person's browser. */
const t = useTestApp({ clock: NOW, catalogue: true, staff: ["admin"] });

interface Entry {
  id: number;
  action: string;
  resource: string;
  descripcion: string;
  cambios: Array<{ campo: string; antes: string; despues: string }>;
  ip: string;
  userAgent: string;
  actorEmail: string;
}

async function activity(recurso: string): Promise<Entry[]> {
  const res = await t.app.inject({ method: "GET", url: `/api/actividad/index?recurso=${recurso}`, headers: t.staff("admin") });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { succes: Entry[] }).succes;
}

describe("Actividad in words", () => {
  it("a closed departure, a closed date and a new user read as sentences with names, fields and values in words", async () => {
    await t.app.inject({ method: "POST", url: "/api/tour/horario/create/", headers: t.staff("admin"), payload: { hora_inicio: "10:30", ...ALL_DAYS, tour_id: t.cat.tourA, cupo: 8 } });
    const [tour] = (await t.app.inject({ method: "GET", url: `/api/tour/find/${t.cat.tourA}` })).json().succes as Array<{ nombre: string }>;
    const close = (payload: object) => t.app.inject({ method: "PUT", url: "/api/salidas/cierre", headers: t.staff("admin"), payload });
    expect((await close({ tour_id: t.cat.tourA, fecha: "2026-11-25", hora: "10:30", cerrada: true })).statusCode).toBe(200);
    expect((await close({ tour_id: t.cat.tourA, fecha: "2026-11-26", cerrada: true })).statusCode).toBe(200);

    const [departure] = await activity("salida");
    expect(departure!.descripcion).toBe(`cerró la salida del 25/11 10:30 de ${tour!.nombre}`);
    expect(departure!.cambios).toEqual([{ campo: "cerrada", antes: "no", despues: "sí" }]);
    const [date] = await activity("fecha");
    expect(date!.descripcion).toBe(`cerró el día 26/11 de ${tour!.nombre}`);

    const created = await t.app.inject({
      method: "POST",
      url: "/api/usuarios/create",
      headers: t.staff("admin"),
      payload: { email: "marta@tours.test", nombre: "Marta Ruiz", rol: "admin", password: "una-clave-muy-larga" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().succes.id as number;
    expect((await t.app.inject({ method: "PUT", url: `/api/usuarios/update/${id}`, headers: t.staff("admin"), payload: { rol: "guia" } })).statusCode).toBe(200);
    const [update, create] = await activity("usuario");
    expect(create!.descripcion).toBe("creó el usuario Marta Ruiz");
    // a creation lists its values ("rol: Administrador"), not "(vacío) → …", nor its id
    expect(create!.cambios).toContainEqual({ campo: "rol", antes: "", despues: "Administrador" });
    expect(create!.cambios).toContainEqual({ campo: "activo", antes: "", despues: "sí" });
    expect(create!.cambios.map((c) => c.campo)).not.toContain("id");
    expect(update!.descripcion).toBe("modificó el usuario Marta Ruiz");
    expect(update!.cambios).toEqual([{ campo: "rol", antes: "Administrador", despues: "Guía" }]);
    // no raw ids nor codes left in what the screen shows
    for (const e of [departure!, date!, create!, update!]) expect(e.descripcion).not.toMatch(/\d+-\d{8}-\d{4}|\bclose\b|\bupdate\b/);
  });
});

describe("staff logins through the storefront", () => {
  const login = (remoteAddress: string, headers: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/api/auth/login", remoteAddress, headers, payload: TEST_ADMIN });
  const lastLogin = async () => (await t.db.select().from(auditLogTable).where(eq(auditLogTable.action, "login")).orderBy(asc(auditLogTable.id))).at(-1)!;
  const forwarded = { "user-agent": "node", "x-forwarded-for": "198.51.100.23", "x-forwarded-user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" };

  it("are recorded with the person's address and browser when the storefront's server (a trusted proxy) forwards them", async () => {
    expect((await login("127.0.0.1", forwarded)).statusCode).toBe(200);
    const entry = await lastLogin();
    expect([entry.ip, entry.userAgent]).toEqual(["198.51.100.23", "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0"]);
    const [shown] = await activity("sesion");
    expect(shown!.descripcion).toBe("inició sesión");
  });

  it("a forged forwarded address or browser from anywhere else is ignored: the sender's own are recorded", async () => {
    expect((await login("203.0.113.9", { ...forwarded, "user-agent": "curl/8.5.0" })).statusCode).toBe(200);
    const entry = await lastLogin();
    expect([entry.ip, entry.userAgent]).toEqual(["203.0.113.9", "curl/8.5.0"]);
  });
});
