import { json } from "@remix-run/node";
import { ApiError, VitalsBeaconBody } from "@tours/contract";
import type { VitalRouteType } from "@tours/domain";
import { api } from "./api.server";

/**
 * The storefront's side of the field vitals (issue 27, docs/decisions/0022-field-web-vitals.md): which share of
 * page views report (VITALS_SAMPLE_RATE), and the beacon's endpoint, which keeps the page's kind and drops its path.
 */

/** VITALS_SAMPLE_RATE, 0 to 1 (default 1: every page view). A bad value stops the server at start. */
export function parseSampleRate(value: string | undefined): number {
  if (value === undefined || value.trim() === "") return 1;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new Error(`Invalid settings: VITALS_SAMPLE_RATE\n  must be a number from 0 to 1, got "${value}"`);
  }
  return rate;
}

export const VITALS_SAMPLE_RATE = parseSampleRate(process.env.VITALS_SAMPLE_RATE);

const ROUTE_TYPES: Array<[RegExp, VitalRouteType]> = [
  [/^\/$/, "home"],
  [/^\/(pais|country)\/[^/]+\/?$/, "pais"],
  [/^\/actividades\/detalle\/local\/[^/]+\/?$/, "tour"],
  [/^\/activity\/[^/]+\/?$/, "tour"],
  [/^\/actividades\/[^/]+\/[^/]+\/?$/, "ciudad"],
  [/^\/shop\/?$/, "shop"],
  [/^\/mi-reserva\/?$/, "mi-reserva"],
  [/^\/buscar\/?$/, "buscar"],
];

/** The kind of page a path is (the storefront's routes): what is kept instead of the address. */
export function routeTypeOf(path: string): VitalRouteType {
  return ROUTE_TYPES.find(([pattern]) => pattern.test(path))?.[1] ?? "otro";
}

/** A beacon is a few hundred bytes; anything much larger is not one. */
const MAX_BEACON_BYTES = 4096;

const refused = (status: number, msg: string) => json({ errors: [{ msg }] }, { status });

/** POST /vitals: checks the beacon and forwards it to the API without its path; 204 when kept. */
export async function receiveBeacon(request: Request): Promise<Response> {
  const text = await request.text();
  if (text.length > MAX_BEACON_BYTES) return refused(413, "La medición es demasiado grande");
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return refused(400, "La medición debe ser JSON");
  }
  const parsed = VitalsBeaconBody.safeParse(input);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? "Medición no válida");
  const { path, ...rest } = parsed.data;
  try {
    await api().vitals.report({ ...rest, route: routeTypeOf(path) });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 502;
    return refused(status === 429 || status === 400 ? status : 502, status === 429 ? "Demasiadas mediciones" : "Medición no guardada");
  }
  return new Response(null, { status: 204 });
}
