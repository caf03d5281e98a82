import { describe, expect, it } from "vitest";
import { CALLS, buildPath } from "@tours/contract";
import { eq } from "drizzle-orm";
import type { Rol } from "../src/auth/roles.ts";
import { FORBIDDEN_MSG } from "../src/http/errors.ts";
import { staffUsersTable } from "../src/modules/auth/auth.table.ts";
import { STAFF_PASSWORD, bearer, loginAsStaff, signStaffToken } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

/**
 * Who may call what (docs/decisions/0010-staff-roles-and-audit.md), written out call by call so that a change to
 * the role table shows up here. Every staff call of the contract must appear.
 */
const CATALOGUE_WRITE = ["admin", "contenido"];
const CATALOGUE_READ = ["admin", "ventas", "contenido"];
const SALES = ["admin", "ventas"];
const EVERYONE: Rol[] = ["admin", "ventas", "contenido", "guia"];
const DEPARTURES_READ = ["admin", "ventas", "guia"];
// issue 22 (decision 0016): a Guía reads manifests and checks in; Administrador and Ventas change departures
const DEPARTURES_WRITE = ["admin", "ventas"];
// check-in at a departure: the guide, and sales (who answer the buyers)
const CHECKIN = ["admin", "ventas", "guia"];
const ALLOWED: Record<string, string[]> = {
  paisCreate: CATALOGUE_WRITE,
  paisUpdate: CATALOGUE_WRITE,
  paisUpdateImage: CATALOGUE_WRITE,
  paisDelete: CATALOGUE_WRITE,
  ciudadesCreate: CATALOGUE_WRITE,
  ciudadesUpdate: CATALOGUE_WRITE,
  ciudadesUpdateImage: CATALOGUE_WRITE,
  ciudadesDelete: CATALOGUE_WRITE,
  tourCreate: CATALOGUE_WRITE,
  tourUpdate: CATALOGUE_WRITE,
  tourDelete: CATALOGUE_WRITE,
  tourSaveImagen: CATALOGUE_WRITE,
  tourDeleteImagen: CATALOGUE_WRITE,
  horarioCreate: CATALOGUE_WRITE,
  horarioDelete: CATALOGUE_WRITE,
  // a horario's capacity is part of the schedule
  horarioUpdate: CATALOGUE_WRITE,
  salidasIndex: DEPARTURES_READ,
  salidaFind: DEPARTURES_READ,
  salidaManifiesto: DEPARTURES_READ,
  // closing or cancelling a departure (weather) or changing its places: Administrador and Ventas (decision 0016)
  salidaCupo: DEPARTURES_WRITE,
  salidaCierre: DEPARTURES_WRITE,
  salidaCancelar: DEPARTURES_WRITE,
  salidaListaEspera: DEPARTURES_READ,
  salidaListaEsperaOfrecer: DEPARTURES_WRITE,
  // the day's screen: departures for whoever reads them (a Guía gets theirs, without money)
  hoy: DEPARTURES_READ,
  // the storefront's speed in real visits (issue 27): whoever runs the business, not a Guía nor Contenido
  vitalsSummary: SALES,
  // who runs a departure is planned with its bookings in view (issue 28)
  salidaGuias: SALES,
  salidaGuiasSet: SALES,
  // reseller API keys, like staff accounts
  revendedoresIndex: ["admin"],
  revendedorFind: ["admin"],
  revendedorCreate: ["admin"],
  revendedorUpdate: ["admin"],
  revendedorWebhooks: ["admin"],
  revendedorWebhookCreate: ["admin"],
  revendedorWebhookDelete: ["admin"],
  // discount codes are a sales tool (decision 0021)
  codigosIndex: SALES,
  codigoFind: SALES,
  codigoCreate: SALES,
  codigoUpdate: SALES,
  tarjetasIndex: SALES,
  tarjetaFind: SALES,
  bannerSave: CATALOGUE_WRITE,
  bannerDelete: CATALOGUE_WRITE,
  tourImagenes: CATALOGUE_READ,
  horarioIndex: CATALOGUE_READ,
  rewardsIndex: SALES,
  ayudaIndex: SALES,
  compraIndex: SALES,
  compraFind: SALES,
  // cancelling and refunding a paid order is a sales decision
  compraReembolsar: SALES,
  // so is moving a booking to another date (issue 21; never a Guía)
  compraCambioFecha: SALES,
  checkinConsulta: CHECKIN,
  checkin: CHECKIN,
  usuariosIndex: ["admin"],
  usuariosCreate: ["admin"],
  usuariosUpdate: ["admin"],
  usuariosPassword: ["admin"],
  actividadIndex: ["admin"],
  // the history of a tour (the path below) is for whoever may edit tours
  actividadRecurso: CATALOGUE_WRITE,
  authAutenticate: EVERYONE,
  authLogout: EVERYONE,
};

const t = useTestApp({ seed: true, staff: ["admin", "ventas", "contenido", "guia"] });

// ids that do not exist: an allowed call then answers 400/404, never touching the seeded data
function pathOf(path: string): string {
  return buildPath(path, { id: 999_999, paisId: 999_999, ciudadId: 999_999, tourId: 999_999, fotoId: 999_999, pedidoId: 999_999, salidaId: "999999-20261123-1000", recurso: "tour", recursoId: 999_999, webhookId: "00000000-0000-4000-8000-000000000001", entradaId: 999_999, token: "enlace-de-prueba-123" });
}

const staffCalls = Object.entries(CALLS).filter(([, call]) => call.auth);

describe("roles × every staff call", () => {
  it("the table names every staff call of the contract", () => {
    expect(staffCalls.map(([name]) => name).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  const matrix = staffCalls
    .filter(([name]) => name !== "authLogout")
    .flatMap(([name, call]) => EVERYONE.map((rol) => [name, rol, ALLOWED[name]!.includes(rol), call] as const));

  it.each(matrix)("%s as %s: allowed = %s", async (_name, rol, allowed, call) => {
    const res = await t.app.inject({
      method: call.method,
      url: pathOf(call.path),
      headers: t.staff(rol),
      payload: call.method === "GET" ? undefined : {},
    });
    if (allowed) {
      expect(res.statusCode, res.body).not.toBe(403);
      expect(res.statusCode, res.body).not.toBe(401);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: [{ msg: FORBIDDEN_MSG }] });
    }
  });

  it("logout is open to every role", async () => {
    for (const rol of ["ventas", "contenido", "guia"] as const) {
      const token = await loginAsStaff(t.app, rol, `${rol}-salida@tours.test`);
      const res = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });
      expect(res.statusCode).toBe(200);
    }
  });

  it("the login answer and autenticate carry the role; the demo admin is 'admin' (Administrador)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "guia@tours.test", password: STAFF_PASSWORD } });
    expect(res.json()).toMatchObject({ rol: "guia", nombre: "Usuario guia" });
    const me = await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: t.staff("admin") });
    expect(me.json().succes.rol).toBe("admin");
  });
});

describe("sessions that end", () => {
  it("a token used after logout gets 401, in a fresh session the user logs in again", async () => {
    const token = await loginAsStaff(t.app, "contenido", "salida@tours.test");
    const headers = bearer(token);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/tour/update/", headers, payload: {} })).statusCode).toBe(401);
    const again = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "salida@tours.test", password: STAFF_PASSWORD } });
    const fresh = bearer(again.json().sucess as string);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: fresh })).statusCode).toBe(200);
  });

  it("logout ends only the token it was called with: the same user's other session goes on", async () => {
    const first = await loginAsStaff(t.app, "ventas", "dos-sesiones@tours.test");
    const second = await loginAsStaff(t.app, "ventas", "dos-sesiones@tours.test");
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(first) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(first) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(second) })).statusCode).toBe(200);
  });

  it("a deactivated user's still-valid token gets 401 at once, and they cannot log in", async () => {
    const token = await loginAsStaff(t.app, "ventas", "baja@tours.test");
    const [user] = await t.db.select().from(staffUsersTable).where(eq(staffUsersTable.email, "baja@tours.test"));
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/usuarios/update/${user!.id}`,
      headers: t.staff("admin"),
      payload: { activo: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/tour/rewards/index", headers: bearer(token) })).statusCode).toBe(401);
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "baja@tours.test", password: STAFF_PASSWORD } });
    expect(login.statusCode).toBe(401);
  });

  it("a token without an expiry is refused, though correctly signed", async () => {
    const forever = await signStaffToken(t.config);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/autenticate", headers: bearer(forever) })).statusCode).toBe(401);
  });
});
