import { beforeAll, expect } from "vitest";
import { z } from "zod";
import { ManifiestoAnswer } from "@tours/contract";
import { tourTable } from "../src/modules/tour/tour.table.ts";
import { OctoAvailability, OctoBooking, OctoErrorAnswer } from "../src/modules/octo/octo.schemas.ts";
import { bearer } from "./helpers.ts";
import { NOW } from "./compra-fixtures.ts";
import { useTestApp, type ApiTest } from "./test-app.ts";
import type { Notifier } from "../src/notifications/notifier.ts";

/** One API with a catalogue, staff and two resellers for the OCTO tests; `t.clock` is the API's now. */

export const MIN = 60_000;
export const PRICING = { "octo-capabilities": "octo/pricing" };
const ALL_DAYS = { lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true };

type Answer = Awaited<ReturnType<ApiTest["app"]["inject"]>>;

/** The file's app (useTestApp: clock at NOW, PayPal simulator, catalogue, an admin) and its two resellers' keys. */
export interface OctoEnv {
  t: ApiTest;
  keyA: string;
  keyB: string;
  resellerA: number;
}

/** Registers the suite's setup and teardown; the returned object is filled in before the first test. */
/**
 * `notifier`: what the app tells the outside world (e-mails); nothing is sent without it. `env`: more settings;
 * `jobs`: the job queue runs (webhook deliveries).
 */
export function useOctoApp(options: { notifier?: Notifier; env?: Record<string, string>; jobs?: boolean } = {}): OctoEnv {
  const t = useTestApp({
    clock: NOW,
    paypal: true,
    catalogue: true,
    staff: ["admin"],
    env: { STOREFRONT_URL: "http://tienda.test", ...options.env },
    ...(options.notifier ? { notifier: options.notifier } : {}),
    ...(options.jobs ? { jobs: true } : {}),
  });
  const env = { t } as OctoEnv;
  beforeAll(async () => {
    const a = await newReseller(env, "Revendedor A");
    env.keyA = a.api_key;
    env.resellerA = a.id;
    env.keyB = (await newReseller(env, "Revendedor B")).api_key;
  });
  return env;
}

export async function newReseller(env: OctoEnv, nombre: string) {
  const res = await env.t.app.inject({ method: "POST", url: "/api/revendedores", headers: env.t.staff("admin"), payload: { nombre } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().succes as { id: number; api_key: string };
}

/** A refundable tour with one daily horario (10:00 unless told) of `cupo` places, in Bogotá. */
export async function tourWithSchedule(env: OctoEnv, cupo: number | null, extra: Partial<typeof tourTable.$inferInsert> = {}, hora = "10:00") {
  const [tour] = await env.t.db
    .insert(tourTable)
    .values({
      nombre: `OCTO ${Math.random().toString(36).slice(2, 7)}`,
      precioCents: 2000,
      pais: env.t.cat.countryId,
      ciudad: env.t.cat.cityId,
      puntoEncuentro: "Plaza de Bolívar",
      incluye: "Guía\nAgua",
      noIncluye: "Propinas",
      reembolsable: true,
      ...extra,
    })
    .returning();
  const res = await env.t.app.inject({
    method: "POST",
    url: "/api/tour/horario/create/",
    headers: env.t.staff("admin"),
    payload: { hora_inicio: hora, ...ALL_DAYS, tour_id: tour!.id, ...(cupo === null ? {} : { cupo }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return tour!.id;
}

export function octo(env: OctoEnv, key: string, method: "GET" | "POST" | "PATCH", url: string, payload?: object, headers: Record<string, string> = {}) {
  return env.t.app.inject({ method, url: `/octo${url}`, headers: { ...bearer(key), ...headers }, ...(payload ? { payload } : {}) });
}

export function ok<S extends z.ZodType>(schema: S, res: Answer): z.output<S> {
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

export function octoError(res: Answer, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = OctoErrorAnswer.parse(res.json());
  expect(body.error, res.body).toBe(code);
  return body;
}

/** The departure key of the tour's 10:00 (or `hora`) departure on a date ("2026-11-23": Monday). */
export const departure = (tourId: number, date = "2026-11-23", hora = "10:00") => `${tourId}-${date.replace(/-/g, "")}-${hora.replace(":", "")}`;

/** A reservation body without a uuid (OCTO makes it optional). */
export function reserveBody(tourId: number, units: string[], extra: Record<string, unknown> = {}) {
  return { productId: String(tourId), optionId: "DEFAULT", availabilityId: departure(tourId), unitItems: units.map((unitId) => ({ unitId })), ...extra };
}

export async function reserve(env: OctoEnv, tourId: number, units: string[], extra: Record<string, unknown> = {}, key = env.keyA) {
  return ok(OctoBooking, await octo(env, key, "POST", "/bookings", reserveBody(tourId, units, extra)));
}

export async function vacancies(env: OctoEnv, availabilityId: string): Promise<number | null> {
  const productId = availabilityId.split("-")[0]!;
  const list = ok(z.array(OctoAvailability), await octo(env, env.keyA, "POST", "/availability", { productId, optionId: "DEFAULT", availabilityIds: [availabilityId] }));
  return list[0]!.vacancies;
}

/** The departure's manifest as staff see it: its bookings with their persons. */
export async function manifest(env: OctoEnv, availabilityId: string) {
  const res = await env.t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${availabilityId}`, headers: env.t.staff("admin") });
  expect(res.statusCode, res.body).toBe(200);
  return ManifiestoAnswer.parse(res.json()).succes;
}
