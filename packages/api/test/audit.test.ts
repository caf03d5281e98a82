import { beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { staffUsersTable } from "../src/modules/auth/auth.table.ts";
import { PASSWORD_MSG } from "../src/modules/auth/auth.messages.ts";
import { USUARIO_MSG } from "../src/modules/auth/auth.messages.ts";
import { TEST_ADMIN, bearer, loginAsStaff } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

/** Every audited change writes exactly one entry with the fields that changed; a refused change writes none. */
const t = useTestApp({ seed: true, staff: ["admin", "contenido"] });

async function entries() {
  return t.db.select().from(auditLogTable).orderBy(asc(auditLogTable.id));
}
let seen = 0;
/** The entries written since the last call. */
async function newEntries() {
  const all = await entries();
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}
beforeEach(async () => {
  await newEntries();
});

async function firstTour() {
  const res = await t.app.inject({ method: "GET", url: "/api/tour/index" });
  return res.json().succes[0] as Record<string, unknown> & { id: number; precio: number };
}

describe("catalogue changes", () => {
  it("a price change writes one entry: who, tour and id, precio before and after, nothing else", async () => {
    const tour = await firstTour();
    const { imagen: _i, createdAt: _c, updatedAt: _u, ...fields } = tour;
    const res = await t.app.inject({ method: "POST", url: "/api/tour/update/", headers: t.staff("contenido"), payload: { ...fields, precio: 123.45 } });
    expect(res.statusCode, res.body).toBe(200);
    const written = await newEntries();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: "update",
      resource: "tour",
      resourceId: String(tour.id),
      actorNombre: "Usuario contenido",
      actorEmail: "contenido@tours.test",
      changes: { precio: { antes: tour.precio, despues: 123.45 } },
    });
    expect(Object.keys(written[0]!.changes)).toEqual(["precio"]);

    const history = await t.app.inject({ method: "GET", url: `/api/actividad/tour/${tour.id}`, headers: t.staff("contenido") });
    expect(history.json().succes[0]).toMatchObject({ actorNombre: "Usuario contenido", changes: { precio: { antes: tour.precio, despues: 123.45 } } });
  });

  it("a refused change writes nothing (validation, unknown id, forbidden role)", async () => {
    const tour = await firstTour();
    const { imagen: _i, createdAt: _c, updatedAt: _u, ...fields } = tour;
    await t.app.inject({ method: "POST", url: "/api/tour/update/", headers: t.staff("contenido"), payload: { ...fields, precio: -5 } });
    await t.app.inject({ method: "POST", url: "/api/tour/update/", headers: t.staff("contenido"), payload: { ...fields, id: 999_999 } });
    const ventas = bearer(await loginAsStaff(t.app, "ventas"));
    await newEntries(); // the login of ventas
    const forbidden = await t.app.inject({ method: "POST", url: "/api/tour/update/", headers: ventas, payload: { ...fields, precio: 1 } });
    expect(forbidden.statusCode).toBe(403);
    expect(await newEntries()).toEqual([]);
  });

  it("a delete refused by the database (a country with cities) writes nothing", async () => {
    const paises = (await t.app.inject({ method: "GET", url: "/api/pais/index" })).json().succes as { id: number }[];
    const res = await t.app.inject({ method: "DELETE", url: `/api/pais/delete/${paises[0]!.id}`, headers: t.staff("admin") });
    expect(res.statusCode).toBe(409);
    expect(await newEntries()).toEqual([]);
  });

  it("a country update and a schedule create and delete each write one entry", async () => {
    const pais = (await t.app.inject({ method: "GET", url: "/api/pais/index" })).json().succes[0] as { id: number; nombre: string; prefijo: number; destacado: number };
    const up = await t.app.inject({
      method: "PUT",
      url: `/api/pais/update/${pais.id}`,
      headers: t.staff("contenido"),
      payload: { nombre: `${pais.nombre} Editado`, prefijo: pais.prefijo, destacado: pais.destacado },
    });
    expect(up.statusCode, up.body).toBe(200);
    const [paisEntry, ...rest] = await newEntries();
    expect(rest).toEqual([]);
    expect(paisEntry).toMatchObject({ resource: "pais", action: "update", changes: { nombre: { antes: pais.nombre, despues: `${pais.nombre} Editado` } } });

    const tour = await firstTour();
    const created = await t.app.inject({ method: "POST", url: "/api/tour/horario/create/", headers: t.staff("contenido"), payload: { hora_inicio: "07:15", lunes: 1, tour_id: tour.id } });
    expect(created.statusCode, created.body).toBe(200);
    const scheduleId = created.json().succes.id as number;
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/tour/horario/delete/${scheduleId}`, headers: t.staff("contenido") });
    expect(deleted.statusCode).toBe(200);
    const written = await newEntries();
    expect(written.map((e) => [e.resource, e.action, e.resourceId])).toEqual([
      ["horario", "create", String(tour.id)],
      ["horario", "delete", String(tour.id)],
    ]);
    expect(written[0]!.changes.hora_inicio).toEqual({ antes: null, despues: "07:15" });
  });
});

describe("staff accounts", () => {
  it("create, change role, reset password: one entry each, never a password or hash", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/usuarios/create",
      headers: t.staff("admin"),
      payload: { email: "Nueva@Tours.test", nombre: "Nueva", rol: "ventas", password: "una-clave-larga-789" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json().succes as { id: number; email: string; rol: string };
    expect(user).toMatchObject({ email: "nueva@tours.test", rol: "ventas", activo: true });
    expect(created.body).not.toMatch(/hash|password/i);

    const role = await t.app.inject({ method: "PUT", url: `/api/usuarios/update/${user.id}`, headers: t.staff("admin"), payload: { rol: "guia" } });
    expect(role.statusCode).toBe(200);
    const reset = await t.app.inject({ method: "PUT", url: `/api/usuarios/password/${user.id}`, headers: t.staff("admin"), payload: { password: "otra-clave-larga-987" } });
    expect(reset.statusCode).toBe(200);

    const written = await newEntries();
    expect(written.map((e) => e.action)).toEqual(["create", "update", "password_reset"]);
    expect(written[1]!.changes).toEqual({ rol: { antes: "ventas", despues: "guia" } });
    expect(written[2]!.changes).toEqual({});
    expect(JSON.stringify(written)).not.toMatch(/una-clave|otra-clave|argon2|passwordHash|tokenVersion/);
  });

  it("refuses short and common passwords with a Spanish message, writing nothing", async () => {
    for (const [password, msg] of [
      ["corta", PASSWORD_MSG.tooShort],
      ["password123", PASSWORD_MSG.tooCommon],
      ["1234567890", PASSWORD_MSG.tooCommon],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/usuarios/create",
        headers: t.staff("admin"),
        payload: { email: "debil@tours.test", nombre: "Débil", rol: "ventas", password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].msg).toBe(msg);
    }
    expect(await newEntries()).toEqual([]);
  });

  it("the last active Administrador cannot be demoted or deactivated", async () => {
    const [me] = await t.db.select().from(staffUsersTable).where(eq(staffUsersTable.email, TEST_ADMIN.email));
    for (const payload of [{ rol: "ventas" }, { activo: false }]) {
      const res = await t.app.inject({ method: "PUT", url: `/api/usuarios/update/${me!.id}`, headers: t.staff("admin"), payload });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ errors: [{ msg: USUARIO_MSG.lastAdmin }] });
    }
    expect(await newEntries()).toEqual([]);
    // with a second Administrador the first may step down
    const second = await t.app.inject({
      method: "POST",
      url: "/api/usuarios/create",
      headers: t.staff("admin"),
      payload: { email: "segunda@tours.test", nombre: "Segunda", rol: "admin", password: "segunda-clave-larga" },
    });
    expect(second.statusCode).toBe(200);
    const res = await t.app.inject({ method: "PUT", url: `/api/usuarios/update/${second.json().succes.id}`, headers: t.staff("admin"), payload: { activo: false } });
    expect(res.statusCode).toBe(200);
  });
});

describe("logins", () => {
  it("a success and a failure are logged with address and user agent", async () => {
    const agent = { "user-agent": "Prueba/1.0" };
    await t.app.inject({ method: "POST", url: "/api/auth/login", headers: agent, payload: { email: "nadie@tours.test", password: "no-es-esta" } });
    await t.app.inject({ method: "POST", url: "/api/auth/login", headers: agent, payload: TEST_ADMIN });
    const written = await newEntries();
    expect(written.map((e) => [e.action, e.actorEmail, e.userAgent, e.ip])).toEqual([
      ["login_failed", "nadie@tours.test", "Prueba/1.0", "127.0.0.1"],
      ["login", TEST_ADMIN.email, "Prueba/1.0", "127.0.0.1"],
    ]);
    expect(written[0]!.actorId).toBeNull();
  });

  it("the Actividad list filters by user, resource and date", async () => {
    const [me] = await t.db.select().from(staffUsersTable).where(eq(staffUsersTable.email, TEST_ADMIN.email));
    const mine = (await t.app.inject({ method: "GET", url: `/api/actividad/index?usuario=${me!.id}&recurso=sesion`, headers: t.staff("admin") })).json().succes as {
      actorId: number;
      resource: string;
    }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actorId === me!.id && e.resource === "sesion")).toBe(true);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const none = await t.app.inject({ method: "GET", url: `/api/actividad/index?desde=${tomorrow}`, headers: t.staff("admin") });
    expect(none.json().succes).toEqual([]);
    const bad = await t.app.inject({ method: "GET", url: "/api/actividad/index?desde=ayer", headers: t.staff("admin") });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].msg).toBe("La fecha debe tener el formato AAAA-MM-DD");
  });
});
