/**
 * Field vitals (issue 27): what real visits measure with Google's `web-vitals` and how a figure is judged. The
 * storefront reports them, the API keeps and aggregates them, the panel's Rendimiento screen shows their p75
 * against these thresholds (docs/decisions/0022-field-web-vitals.md). No zod here: the browser imports this file.
 */

export const VITAL_METRICS = ["LCP", "INP", "CLS", "TTFB"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * Upper bounds of "good" and of "needs improvement" (web.dev; TTFB's from web.dev's guidance, 800 ms). Times in
 * milliseconds, CLS unitless. A value equal to a bound is on its better side, as web-vitals rates it.
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

export const VITAL_RATINGS = ["good", "needs-improvement", "poor"] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

export const VITAL_RATING_LABELS: Record<VitalRating, string> = {
  good: "Bueno",
  "needs-improvement": "Mejorable",
  poor: "Malo",
};

export function vitalRating(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** "2,5 s", "180 ms", "0,05": a value as the panel shows it. */
export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === "CLS") return value.toLocaleString("es-CO", { maximumFractionDigits: 3 });
  if (value >= 1000) return `${(value / 1000).toLocaleString("es-CO", { maximumFractionDigits: 2 })} s`;
  return `${Math.round(value)} ms`;
}

/** The kind of storefront page a visit was on: never its address, which could carry a search or a booking. */
export const VITAL_ROUTE_TYPES = ["home", "pais", "ciudad", "tour", "shop", "mi-reserva", "buscar", "otro"] as const;
export type VitalRouteType = (typeof VITAL_ROUTE_TYPES)[number];

export const VITAL_ROUTE_LABELS: Record<VitalRouteType, string> = {
  home: "Inicio",
  pais: "País",
  ciudad: "Ciudad",
  tour: "Tour",
  shop: "Carrito",
  "mi-reserva": "Mi reserva",
  buscar: "Búsqueda",
  otro: "Otras páginas",
};

/** Phones and small tablets ("mobile", viewport under MOBILE_MAX_WIDTH px wide) or larger screens. */
export const VITAL_DEVICES = ["mobile", "desktop"] as const;
export type VitalDevice = (typeof VITAL_DEVICES)[number];
export const MOBILE_MAX_WIDTH = 768;

export const VITAL_DEVICE_LABELS: Record<VitalDevice, string> = { mobile: "Móvil", desktop: "Escritorio" };

/** How the page was reached, as web-vitals names it. */
export const VITAL_NAVIGATIONS = ["navigate", "reload", "back-forward", "back-forward-cache", "prerender", "restore"] as const;
