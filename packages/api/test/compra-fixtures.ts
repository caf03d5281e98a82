import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { PedidoListAnswer, type Pedido } from "@tours/contract";
import type { Db } from "../src/db/client.ts";
import { ciudadesTable } from "../src/modules/ciudades/ciudades.table.ts";
import { pedido, pedidoLine } from "../src/modules/compra/compra.table.ts";
import { paisTable } from "../src/modules/pais/pais.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { createPaypalClient } from "../src/adapters/paypal/index.ts";
import {
  SIMULATOR_CLIENT_ID,
  SIMULATOR_CLIENT_SECRET,
  SIMULATOR_WEBHOOK_ID,
  type RunningSimulator,
} from "@tours/paypal-simulator";

/** Saturday 21 November 2026, 10:00 in Bogotá (the business time zone of the tests). */
export const NOW = new Date("2026-11-21T15:00:00Z");

/** A PayPal client for the simulator with a short timeout, so "hang" fails fast. */
export function simulatorClient(sim: RunningSimulator, timeoutMs = 2_500) {
  return createPaypalClient({
    baseUrl: sim.url,
    clientId: SIMULATOR_CLIENT_ID,
    clientSecret: SIMULATOR_CLIENT_SECRET,
    webhookId: SIMULATOR_WEBHOOK_ID,
    timeoutMs,
  });
}

/** A horario's seven weekdays, all on. */
export const ALL_DAYS = { lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true };

/** Departures of the catalogue's tours (the storefront's `dia`): tour A on Monday at 14:00, tour B on Sunday at 11:30. */
export const MONDAY_14 = "11/23/2026-14:00";
export const SUNDAY_1130 = "11/22/2026-11:30";

export interface Catalogue {
  countryId: number;
  cityId: number;
  /** USD 45.00; 09:00 every day, 14:00 on Monday, Wednesday and Friday. */
  tourA: number;
  /** USD 33.33 (odd cents: children and pets round); 11:30 on weekends only. */
  tourB: number;
}

export async function seedCatalogue(db: Db, opts: { cityFreetourId?: string | null } = {}): Promise<Catalogue> {
  const [pais] = await db.insert(paisTable).values({ nombre: "Colombia", prefijo: 57 }).returning();
  const [ciudad] = await db
    .insert(ciudadesTable)
    .values({ nombre: "Bogotá", pais: pais!.id, freetourId: opts.cityFreetourId ?? null })
    .returning();
  const base = { pais: pais!.id, ciudad: ciudad!.id };
  const [a] = await db.insert(tourTable).values({ ...base, nombre: "La Candelaria", precioCents: 4500 }).returning();
  const [b] = await db.insert(tourTable).values({ ...base, nombre: "Monserrate", precioCents: 3333 }).returning();
  const none = { lunes: false, martes: false, miercoles: false, jueves: false, viernes: false, sabado: false, domingo: false };
  await db.insert(horarioTable).values([
    { tourId: a!.id, horaInicio: "09:00", ...ALL_DAYS },
    { tourId: a!.id, horaInicio: "14:00", ...none, lunes: true, miercoles: true, viernes: true },
    { tourId: b!.id, horaInicio: "11:30", ...none, sabado: true, domingo: true },
  ]);
  return { countryId: pais!.id, cityId: ciudad!.id, tourA: a!.id, tourB: b!.id };
}

export function buyer(overrides: Record<string, unknown> = {}) {
  return {
    nombre: "Ana",
    apellido: "Gómez",
    email: "ana@example.com",
    telefono: 3001234567,
    telefonoRespaldo: 0,
    direccion: "Calle 10 # 5-20",
    comentario: "",
    nit: "1020304050",
    ...overrides,
  };
}

export function line(tourId: number, dia: string, counts: Partial<Record<"mayores_15" | "de_4_15" | "menores_3" | "mascotas", unknown>> = {}, extra: Record<string, unknown> = {}) {
  return {
    tour_id: tourId,
    nombre: "Tour",
    dia,
    precio: 1,
    imagen: "uploads/x.webp",
    mayores_15: 1,
    de_4_15: 0,
    menores_3: 0,
    mascotas: 0,
    precio_total: 1,
    ...counts,
    ...extra,
  };
}

/** The order of a PayPal token (its `id_pay`) as the staff order list shows it (raw: the contract schema would strip the additive `estado`). */
export async function findOrder(app: FastifyInstance, headers: Record<string, string>, token: string): Promise<Pedido & { estado: string }> {
  const res = await app.inject({ method: "GET", url: "/api/compra/index", headers });
  // no vitest here: the benchmarks import these fixtures outside a test run
  if (res.statusCode !== 200) throw new Error(`GET /api/compra/index → ${res.statusCode} ${res.body}`);
  PedidoListAnswer.parse(res.json());
  const found = (res.json() as { succes: Array<Pedido & { estado: string }> }).succes.find((o) => o.id_pay === token);
  if (!found) throw new Error(`no order for ${token}`);
  return found;
}

export async function countOrders(db: Db): Promise<{ pedidos: number; lineas: number }> {
  const [p] = await db.select({ n: count() }).from(pedido);
  const [l] = await db.select({ n: count() }).from(pedidoLine);
  return { pedidos: p?.n ?? 0, lineas: l?.n ?? 0 };
}

/** What the buyer does on PayPal's page: press a button and follow the redirect. Returns the redirect URL. */
export async function pressOnApprovalPage(approvalUrl: string, button: "Pagar" | "Cancelar"): Promise<URL> {
  const page = await fetch(approvalUrl);
  const html = await page.text();
  if (!html.includes(button)) throw new Error(`no ${button} button on the approval page`);
  const action = button === "Pagar" ? "/checkoutnow/approve" : "/checkoutnow/cancel";
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  const res = await fetch(new URL(action, approvalUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: token ?? "" }),
    redirect: "manual",
  });
  return new URL(res.headers.get("location") ?? "about:blank");
}
