import { z } from "zod/mini";
import { HORA_PATTERN, IdSchema, integerFromText, requiredId, requiredText, type NumberInput, preprocess } from "./primitives.ts";

/**
 * Departures, capacity and availability: additive to the upstream contract (docs/decisions/0007-capacity-and-holds.md).
 * A departure is a tour on a date at a horario's start, in the tour's time zone.
 */

export const CUPO_MAXIMO = 10_000;
export const CORTE_MAXIMO_HORAS = 168;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

const CUPO_INVALIDO = `El cupo debe ser un número entero entre 1 y ${CUPO_MAXIMO}, o vacío para sin límite`;

/** A capacity in a body: a whole number of persons, or empty/null for unlimited. */
export const CupoSchema = preprocess(
  (value: NumberInput | null | undefined) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
      ? null
      : integerFromText(value),
  z.nullable(
    z
      .number({ error: CUPO_INVALIDO })
      .check(
        z.int({ error: CUPO_INVALIDO }),
        z.gte(1, { error: CUPO_INVALIDO }),
        z.lte(CUPO_MAXIMO, { error: CUPO_INVALIDO }),
      ),
  ),
);

const CORTE_INVALIDO = `El cierre de reservas debe ser un número entero de horas entre 0 y ${CORTE_MAXIMO_HORAS}`;
/** Hours before the start when bookings close; absent keeps the tour's current value. */
export const CorteHorasSchema = preprocess(
  (value: NumberInput | null | undefined) =>
    value === undefined || value === null || (typeof value === "string" && value.trim() === "")
      ? undefined
      : integerFromText(value),
  z.optional(
    z
      .number({ error: CORTE_INVALIDO })
      .check(
        z.int({ error: CORTE_INVALIDO }),
        z.gte(0, { error: CORTE_INVALIDO }),
        z.lte(CORTE_MAXIMO_HORAS, { error: CORTE_INVALIDO }),
      ),
  ),
);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return /^[A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(value) || value === "UTC";
  } catch {
    return false;
  }
}

/**
 * An IANA time zone ("Europe/Madrid"). Absent keeps the current one; blank or null clears it (a tour then uses
 * its country's).
 */
export const ZonaHorariaSchema = preprocess(
  (value: string | null | undefined) => (typeof value === "string" && value.trim() === "" ? null : value),
  z.optional(
    z.nullable(
      z
        .string({ error: "La zona horaria debe ser un texto" })
        .check(
          z.trim(),
          z.maxLength(64, { error: "Máximo 64 caracteres" }),
          z.refine(isTimeZone, { error: "La zona horaria no es válida (ejemplo: America/Bogota)" }),
        ),
    ),
  ),
);

export const FechaSchema = z
  .string({ error: "La fecha es obligatoria (AAAA-MM-DD)" })
  .check(z.trim(), z.regex(DATE_PATTERN, { error: "La fecha debe tener el formato AAAA-MM-DD" }));
export const MesSchema = z
  .string()
  .check(z.trim(), z.regex(MONTH_PATTERN, { error: "El mes debe tener el formato AAAA-MM" }));
const HoraSchema = z.pipe(
  z
    .string({ error: "La hora es obligatoria" })
    .check(z.trim(), z.regex(HORA_PATTERN, { error: "La hora debe tener el formato HH:MM" })),
  z.transform((h) => h.slice(0, 5)),
);

export const DEPARTURE_STATES = ["disponible", "pocos", "agotada", "cerrada", "vencida"] as const;
export const DAY_STATES = ["abierto", "pocos", "agotado", "cerrado"] as const;

// --- public availability ----------------------------------------------------------------------------------

export const DisponibilidadSalidaSchema = z.object({
  hora: z.string(),
  /** "10:00 hora de Bogotá". */
  hora_local: z.string(),
  estado: z.enum(DEPARTURE_STATES),
  /** Capacity in persons; null: unlimited. */
  cupo: z.nullable(z.number().check(z.int())),
  /** Places left; null: unlimited. */
  quedan: z.nullable(z.number().check(z.int())),
  reservable: z.boolean(),
  /** additive, on a sold-out departure some of whose places are held unpaid: how many, and when the first hold lapses */
  retenidos: z.optional(z.number().check(z.int())),
  libera_en: z.optional(z.string()),
  /** minutes until then (at least 1) */
  libera_en_min: z.optional(z.number().check(z.int())),
});

export const DisponibilidadDiaSchema = z.object({
  fecha: z.string(),
  estado: z.enum(DAY_STATES),
  salidas: z.array(DisponibilidadSalidaSchema),
});
export type DisponibilidadDia = z.output<typeof DisponibilidadDiaSchema>;

export const DisponibilidadSchema = z.object({
  tour_id: IdSchema,
  mes: z.string(),
  zona_horaria: z.string(),
  /** "hora de Bogotá". */
  zona_nombre: z.string(),
  corte_horas: z.number().check(z.int()),
  /** Only the days of the month that have departures; a day missing here has none. */
  dias: z.array(DisponibilidadDiaSchema),
});
export type Disponibilidad = z.output<typeof DisponibilidadSchema>;

// --- panel: departures ------------------------------------------------------------------------------------

export const SalidaSchema = z.object({
  /** "12-20261125-1000": tour, date, start. */
  id: z.string(),
  tour_id: IdSchema,
  tour_nombre: z.string(),
  fecha: z.string(),
  hora: z.string(),
  zona_horaria: z.string(),
  hora_local: z.string(),
  /** Capacity in force (the departure's own, else the horario's); null: unlimited. */
  cupo: z.nullable(z.number().check(z.int())),
  /** The departure's own capacity, when staff set one. */
  cupo_salida: z.nullable(z.number().check(z.int())),
  cupo_horario: z.nullable(z.number().check(z.int())),
  /** Persons in paid orders. */
  vendidos: z.number().check(z.int()),
  /** Persons in unpaid orders whose hold is live. */
  retenidos: z.number().check(z.int()),
  quedan: z.nullable(z.number().check(z.int())),
  /** This departure closed by staff. */
  cerrada: z.boolean(),
  /** The whole date closed by staff. */
  fecha_cerrada: z.boolean(),
  estado: z.enum(DEPARTURE_STATES),
});
export type Salida = z.output<typeof SalidaSchema>;

export const ManifiestoPedidoSchema = z.object({
  pedido: IdSchema,
  /** The order line on this departure, and the booking's reference (its voucher, check-in). */
  linea: IdSchema,
  referencia: z.string(),
  /** What the buyer wrote at checkout (issue 22); null when nothing. */
  comentario: z.nullable(z.string()),
  /** When the line's travellers were checked in (ISO); null: not yet. */
  checkin_at: z.nullable(z.string()),
  estado: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.string(),
  telefonorespaldo: z.nullable(z.string()),
  mayores15: z.number().check(z.int()),
  menoresde15_a4: z.number().check(z.int()),
  menores3: z.number().check(z.int()),
  mascotas: z.number().check(z.int()),
  personas: z.number().check(z.int()),
  valor_total: z.number(),
  /** Unpaid hold: when it lapses (ISO). */
  retenido_hasta: z.nullable(z.string()),
});

export const ManifiestoSchema = z.object({
  salida: SalidaSchema,
  /** Extension (the tour's facts): how long the departure lasts; null when the tour's duration is not given. */
  duracion_minutos: z.optional(z.nullable(z.number())),
  /** When it ends on the tour's wall clock ("YYYY-MM-DD", "HH:MM"); null without a duration. */
  fin: z.optional(z.nullable(z.object({ fecha: z.string(), hora: z.string() }))),
  pedidos: z.array(ManifiestoPedidoSchema),
});
export type Manifiesto = z.output<typeof ManifiestoSchema>;

/** PUT /api/salidas/cupo: a departure's own capacity (null goes back to the horario's). */
export const SalidaCupoBody = z.object({
  tour_id: requiredId("El tour es obligatorio"),
  fecha: FechaSchema,
  hora: HoraSchema,
  cupo: CupoSchema,
});
export type SalidaCupoBody = z.output<typeof SalidaCupoBody>;
export type SalidaCupoBodyInput = z.input<typeof SalidaCupoBody>;

/** PUT /api/salidas/cierre: close or reopen one departure (with `hora`) or a whole date (without). */
export const SalidaCierreBody = z.object({
  tour_id: requiredId("El tour es obligatorio"),
  fecha: FechaSchema,
  hora: preprocess((v) => (v === "" || v === null ? undefined : v), z.optional(HoraSchema)),
  cerrada: preprocess(
    (v) => (v === "1" || v === 1 || v === "true" ? true : v === "0" || v === 0 || v === "false" ? false : v),
    z.boolean({ error: "Indica si la salida queda cerrada (true) o abierta (false)" }),
  ),
});
export type SalidaCierreBody = z.output<typeof SalidaCierreBody>;
export type SalidaCierreBodyInput = z.input<typeof SalidaCierreBody>;

/**
 * POST /api/salidas/cancelar: cancel a whole departure (weather, a guide ill) with a reason (issue 22): it closes,
 * its holds are released and each paid booking is refunded through PayPal and told by e-mail, on the job queue.
 */
export const SalidaCancelarBody = z.object({
  tour_id: requiredId("El tour es obligatorio"),
  fecha: FechaSchema,
  hora: HoraSchema,
  motivo: requiredText("Indica el motivo de la cancelación (por ejemplo, el clima)", 500),
});
export type SalidaCancelarBody = z.output<typeof SalidaCancelarBody>;
export type SalidaCancelarBodyInput = z.input<typeof SalidaCancelarBody>;

export const SalidaCancelarSchema = z.object({
  salida: z.string(),
  /** Paid bookings whose refund and e-mail were queued (one job each). */
  reembolsos: z.number().check(z.int()),
  /** Unpaid holds released. */
  liberadas: z.number().check(z.int()),
});
export const SalidaCancelarAnswer = z.object({ succes: SalidaCancelarSchema });

/** PUT /api/tour/horario/update/{id}: a horario's capacity. */
export const HorarioCupoBody = z.object({ cupo: CupoSchema });
export type HorarioCupoBody = z.output<typeof HorarioCupoBody>;
export type HorarioCupoBodyInput = z.input<typeof HorarioCupoBody>;

export const DisponibilidadAnswer = z.object({ succes: DisponibilidadSchema });
export const SalidaListAnswer = z.object({ succes: z.array(SalidaSchema) });
export const SalidaAnswer = z.object({ succes: SalidaSchema });
export const ManifiestoAnswer = z.object({ succes: ManifiestoSchema });
