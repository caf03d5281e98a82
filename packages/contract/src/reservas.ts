import { z } from "zod/mini";
import { IdSchema, NumberLikeSchema, TimestampSchema, requiredId, requiredText, preprocess } from "./primitives.ts";
import { PedidoLineSchema } from "./records.ts";

/**
 * After the payment (issue 9, docs/decisions/0013-self-service-cancellation.md): "Mi reserva" (reference + PIN),
 * cancellation with refund by the buyer or staff, check-in at the departure. Additive to the upstream contract.
 * Money in USD numbers like the rest of the contract, instants as ISO texts, dates and times also as Spanish text
 * in the tour's own time.
 */

// --- bodies -----------------------------------------------------------------------------------------------

const REFERENCIA_MSG = "Escribe la referencia de tu reserva (por ejemplo TR-7KQ2M9XP)";
const PIN_MSG = "El PIN son los 6 números que recibiste con tu reserva";
const LINEA_MSG = "La línea de la reserva no es válida";
const SALIDA_MSG = "Indica la salida (tour, fecha y hora) del registro de llegada";

const referencia = requiredText(REFERENCIA_MSG, 40);
const pin = preprocess(
  (value: string | number) =>
    typeof value === "number"
      ? String(value).padStart(6, "0")
      : typeof value === "string"
      ? value.replace(/\s/g, "")
      : value,
  z.string({ error: PIN_MSG }).check(z.regex(/^\d{6}$/, { error: PIN_MSG })),
);
/** One line of the booking (its id); absent: every line still active. */
const linea = preprocess(
  (value: number | string | null | undefined) => (value === null || value === "" ? undefined : value),
  z.optional(requiredId(LINEA_MSG)),
);

export const ReservaConsultaBody = z.object({ referencia, pin });
export type ReservaConsultaBody = z.output<typeof ReservaConsultaBody>;
export type ReservaConsultaBodyInput = z.input<typeof ReservaConsultaBody>;

export const ReservaCancelarBody = z.object({ referencia, pin, linea });
export type ReservaCancelarBody = z.output<typeof ReservaCancelarBody>;
export type ReservaCancelarBodyInput = z.input<typeof ReservaCancelarBody>;

/** Staff: cancel and refund the whole order or one line (`linea`), with an optional reason. */
export const ReembolsarBody = z.object({
  linea,
  /** Additive (decision 0024): what PayPal would give back goes onto a new gift card for the buyer instead. */
  a_tarjeta_nueva: z.optional(z.boolean()),
  motivo: preprocess(
    (value: string | null | undefined) =>
      value === null || (typeof value === "string" && value.trim() === "") ? undefined : value,
    z.optional(
      z
        .string({ error: "El motivo debe ser un texto" })
        .check(z.trim(), z.maxLength(500, { error: "Máximo 500 caracteres" })),
    ),
  ),
});
export type ReembolsarBody = z.output<typeof ReembolsarBody>;
export type ReembolsarBodyInput = z.input<typeof ReembolsarBody>;

export const CheckinBody = z.object({ referencia, salida: requiredText(SALIDA_MSG, 40) });
export type CheckinBody = z.output<typeof CheckinBody>;
export type CheckinBodyInput = z.input<typeof CheckinBody>;

// --- answers ----------------------------------------------------------------------------------------------

const instant = TimestampSchema;

export const ReservaLineaSchema = z.object({
  id: IdSchema,
  tour_id: IdSchema,
  tour_nombre: z.string(),
  punto_encuentro: z.string(),
  /** Additive (issue 26): the meeting point on OpenStreetMap, when the tour has its coordinates; else null. */
  mapa_url: z._default(z.nullable(z.string()), null),
  /** Additive (issue 26): "3 h 30 min (termina a las 13:30 hora de Bogotá)"; null when the tour's duration is not given. */
  duracion_texto: z._default(z.nullable(z.string()), null),
  /** "YYYY-MM-DD" and "HH:MM" in the tour's zone. */
  fecha: z.string(),
  hora: z.string(),
  zona: z.string(),
  /** The departure's start (ISO, UTC). */
  inicio: instant,
  /** "lunes, 23 de noviembre de 2026". */
  fecha_texto: z.string(),
  /** "10:00 hora de Bogotá". */
  hora_texto: z.string(),
  mayores15: z.number().check(z.int()),
  menoresde15_a4: z.number().check(z.int()),
  menores3: z.number().check(z.int()),
  mascotas: z.number().check(z.int()),
  /** What was paid for the line (its catalogue total less `descuento`). */
  valor_total: NumberLikeSchema,
  /** Additive (issue 25): what the order's discount code took off this line, USD; 0 without one. */
  descuento: z._default(NumberLikeSchema, 0),
  reembolsable: z.boolean(),
  /** Free cancellation until then (departure − the tour's cutoff); null when the tour is not refundable. */
  limite_cancelacion: z.nullable(instant),
  /** "domingo, 22 de noviembre de 2026 a las 08:00 hora de Bogotá". */
  limite_texto: z.nullable(z.string()),
  /** The buyer may cancel this line now (with refund). */
  cancelable: z.boolean(),
  /** Why not, in Spanish; null when cancelable. */
  motivo_no_cancelable: z.nullable(z.string()),
  cancelada_at: z.nullable(instant),
  checkin_at: z.nullable(instant),
  /** The departure's key "<tour>-<YYYYMMDD>-<HHMM>" (check-in, manifests). */
  salida: z.nullable(z.string()),
});
export type ReservaLinea = z.output<typeof ReservaLineaSchema>;

export const ReservaSchema = z.object({
  /** The order's id. */
  id: IdSchema,
  referencia: z.string(),
  pin: z.string(),
  /** pendiente | pagado | cancelado | fallido | expirado | reembolsado (every line cancelled and refunded). */
  estado: z.string(),
  /** The state people are told (ORDER_STATES of @tours/domain): the stored one, or parcialmente_reembolsado, expirado. */
  situacion: z.optional(z.string()),
  pagado: z.boolean(),
  canal: z.enum(["tienda", "octo"]),
  nombre: z.string(),
  apellido: z.string(),
  email: z.string(),
  telefono: z.string(),
  valor_total: NumberLikeSchema,
  /** Additive (issue 25): the discount code the order was bought with, and what it took off in all (USD). */
  codigo_descuento: z._default(z.nullable(z.string()), null),
  descuento: z._default(NumberLikeSchema, 0),
  /** Additive (decision 0024): the gift card that paid part or all of it (its code's end, "…JKMN") and how much (USD). */
  tarjeta_regalo: z._default(z.nullable(z.string()), null),
  pagado_con_tarjeta: z._default(NumberLikeSchema, 0),
  /** What went back to that card so far (USD): refunds' card parts, back as soon as the refund is made. */
  reembolsado_a_tarjeta: z._default(NumberLikeSchema, 0),
  /** Refunded so far (completed refunds, to PayPal and to the card). */
  reembolsado: NumberLikeSchema,
  moneda: z.literal("USD"),
  pagado_at: z.nullable(instant),
  lineas: z.array(ReservaLineaSchema),
});
export type Reserva = z.output<typeof ReservaSchema>;

/** en_curso: PayPal is being asked right now (nothing refunded yet); pendiente: PayPal accepted it and completes it later. */
export const REEMBOLSO_ESTADOS = ["en_curso", "pendiente", "completado", "fallido"] as const;

export const ReservaAnswer = z.object({ succes: ReservaSchema });
/** A cancellation: the booking after it and the refund made (monto in USD). */
export const ReservaCancelAnswer = z.object({
  succes: ReservaSchema,
  reembolso: z.object({
    id: IdSchema,
    monto: NumberLikeSchema,
    estado: z.enum(REEMBOLSO_ESTADOS),
    /** Additive (decision 0024): the part of `monto` that went back to the gift card that paid the order. */
    a_tarjeta: z._default(NumberLikeSchema, 0),
  }),
});

/** A departure's check-in of one booking. */
export const CheckinSchema = z.object({
  pedido_id: IdSchema,
  referencia: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  /** The departure's key and its texts in the tour's time. */
  salida: z.string(),
  tour_nombre: z.string(),
  fecha_texto: z.string(),
  hora_texto: z.string(),
  mayores15: z.number().check(z.int()),
  menoresde15_a4: z.number().check(z.int()),
  menores3: z.number().check(z.int()),
  mascotas: z.number().check(z.int()),
  /** Everyone who takes a place (pets do not). */
  personas: z.number().check(z.int()),
  /** When they were checked in (null: not yet), and by whom. */
  checkin_at: z.nullable(instant),
  /** "10:05 hora de Bogotá". */
  checkin_texto: z.nullable(z.string()),
  checkin_por: z.nullable(z.string()),
});
export type Checkin = z.output<typeof CheckinSchema>;
export const CheckinAnswer = z.object({ succes: CheckinSchema });

// --- the panel's order detail (GET /api/compra/find/:id) ----------------------------------------------------

export const PedidoLineDetalleSchema = z.extend(PedidoLineSchema, {
  cancelada_at: z.optional(z.nullable(instant)),
  reembolso_id: z.optional(z.nullable(IdSchema)),
  checkin_at: z.optional(z.nullable(instant)),
  /** Who checked them in. */
  checkin_por: z.optional(z.nullable(z.string())),
  /** The departure's key. */
  salida: z.optional(z.nullable(z.string())),
});

export const ReembolsoSchema = z.object({
  id: IdSchema,
  /** USD. */
  monto: NumberLikeSchema,
  estado: z.enum(REEMBOLSO_ESTADOS),
  motivo: z.nullable(z.string()),
  /** Who asked for it: the buyer in "Mi reserva" or staff. */
  por: z.enum(["cliente", "staff"]),
  /** The staff user's name (null for the buyer). */
  usuario: z.nullable(z.string()),
  paypal_refund_id: z.nullable(z.string()),
  /** Additive (decision 0024): the part of `monto` that went back to the gift card that paid the order, and the new card staff refunded onto (its code's end). */
  a_tarjeta: z._default(NumberLikeSchema, 0),
  tarjeta_nueva: z._default(z.nullable(z.string()), null),
  /** Why PayPal refused it (Spanish); null otherwise. */
  error: z.nullable(z.string()),
  created_at: instant,
});

/** An e-mail about the order and its delivery (the mail module's outbox). */
export const CorreoSchema = z.object({
  id: IdSchema,
  tipo: z.string(),
  destinatario: z.string(),
  asunto: z.string(),
  estado: z.string(),
  intentos: z.number().check(z.int()),
  ultimo_error: z.nullable(z.string()),
  enviado_at: z.nullable(instant),
  created_at: instant,
});

/** A date change of one line (issue 21): from and to, the difference (USD; > 0 paid, < 0 refunded), its state and who. */
export const CambioDetalleSchema = z.object({
  id: IdSchema,
  linea: IdSchema,
  /** "Tour · fecha a las hora" of the departure it left and the one it asked for. */
  desde: z.nullable(z.string()),
  hacia: z.string(),
  diferencia: NumberLikeSchema,
  /** por_pagar | pagado | hecho | reembolso_pendiente | por_devolver | devuelto | fallido | anulado. */
  estado: z.string(),
  por: z.enum(["cliente", "staff"]),
  usuario: z.nullable(z.string()),
  error: z.nullable(z.string()),
  created_at: instant,
});

/**
 * GET /api/compra/find/{id}: the order's lines in `succes` as upstream, plus (additive) the reference, the booking
 * as its buyer sees it, the refunds and the e-mails.
 */
export const PedidoDetalleAnswer = z.object({
  succes: z.array(PedidoLineDetalleSchema),
  referencia: z.optional(z.string()),
  /** What the buyer wrote at checkout ("" when nothing). */
  comentario: z.optional(z.string()),
  reserva: z.optional(ReservaSchema),
  reembolsos: z._default(z.array(ReembolsoSchema), []),
  correos: z._default(z.array(CorreoSchema), []),
  cambios: z._default(z.array(CambioDetalleSchema), []),
});
export type PedidoDetalle = z.output<typeof PedidoDetalleAnswer>;
