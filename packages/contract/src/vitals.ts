import { z } from "zod/mini";
import { VITAL_DEVICES, VITAL_METRICS, VITAL_NAVIGATIONS, VITAL_RATINGS, VITAL_ROUTE_TYPES } from "@tours/domain";

/**
 * Field vitals (issue 27, docs/decisions/0022-field-web-vitals.md). A page view's LCP, INP, CLS and TTFB travel
 * from the browser to the storefront (`POST /vitals`, the beacon, with the page's path), which turns the path
 * into a route type and forwards them to the API (`POST /api/vitals`); the panel reads their p75
 * (`GET /api/vitals`). Nothing names a person: no address, cookie, browser string, nor the page's address.
 */

const MSG = {
  metric: "La métrica debe ser LCP, INP, CLS o TTFB",
  value: "El valor debe ser un número entre 0 y 600000",
  metrics: "Envía entre 1 y 4 métricas, cada una una sola vez",
  path: "La ruta debe empezar con / y tener a lo sumo 300 caracteres",
  rating: "La calificación debe ser good, needs-improvement o poor",
  route: "El tipo de página no es uno de los conocidos",
  device: "El dispositivo debe ser mobile o desktop",
  navigation: "El tipo de navegación no es uno de los de web-vitals",
  body: "La medición debe ser un objeto JSON con sus métricas",
} as const;

/** Ten minutes in ms: above that a figure is a tab left open, not a page's speed (CLS stays far below). */
const MAX_VALUE = 600_000;

const VitalSchema = z.object({
  name: z.enum(VITAL_METRICS, { error: MSG.metric }),
  value: z.number({ error: MSG.value }).check(z.gte(0, { error: MSG.value }), z.lte(MAX_VALUE, { error: MSG.value })),
  rating: z.enum(VITAL_RATINGS, { error: MSG.rating }),
}, { error: MSG.metrics });

const Metrics = z.array(VitalSchema, { error: MSG.metrics }).check(
  z.minLength(1, { error: MSG.metrics }),
  z.maxLength(VITAL_METRICS.length, { error: MSG.metrics }),
  z.refine((list) => new Set(list.map((m) => m.name)).size === list.length, { error: MSG.metrics }),
);

const device = z.enum(VITAL_DEVICES, { error: MSG.device });
const navigation = z.enum(VITAL_NAVIGATIONS, { error: MSG.navigation });

/** What the browser sends the storefront: the path only (no query), read there and never stored. */
export const VitalsBeaconBody = z.object({
  path: z.string({ error: MSG.path }).check(z.regex(/^\/[^?#]{0,299}$/, { error: MSG.path })),
  device,
  navigation,
  metrics: Metrics,
}, { error: MSG.body });

/** What the storefront sends the API: the page's kind instead of its path. */
export const VitalsReportBody = z.object({
  route: z.enum(VITAL_ROUTE_TYPES, { error: MSG.route }),
  device,
  navigation,
  metrics: Metrics,
}, { error: MSG.body });
export type VitalsReportBodyInput = z.input<typeof VitalsReportBody>;

const p75 = z.object({
  /** The 75th percentile of the period's values (ms, CLS unitless), null with no sample. */
  p75: z.nullable(z.number()),
  samples: z.number().check(z.int(), z.nonnegative()),
});

export const VitalsSummaryRowSchema = z.object({
  route: z.enum(VITAL_ROUTE_TYPES),
  device,
  metric: z.enum(VITAL_METRICS),
  last7: p75,
  last28: p75,
});
export type VitalsSummaryRow = z.output<typeof VitalsSummaryRowSchema>;

export const VitalsSummaryAnswer = z.object({
  succes: z.object({ filas: z.array(VitalsSummaryRowSchema) }),
});
