import { z } from "zod/mini";
import { IdSchema, NumberLikeSchema, requiredId, requiredText } from "./primitives.ts";
import { ReservaSchema } from "./reservas.ts";

/**
 * Changing a booking line's date (issue 21, docs/decisions/0013 "Cambio de fecha"): the buyer in "Mi reserva"
 * (reference + PIN) and staff from the order's detail. Same tour, same travellers; the price difference comes from
 * the one pricing function (today's price of the tour). Money in USD numbers like the rest of the contract.
 */

const REFERENCIA_MSG = "Escribe la referencia de tu reserva (por ejemplo TR-7KQ2M9XP)";
const PIN_MSG = "El PIN son los 6 números que recibiste con tu reserva";
const LINEA_MSG = "Indica qué tour de la reserva quieres cambiar";
const FECHA_MSG = "Elige la nueva fecha en el calendario";
const HORA_MSG = "Elige el horario de la nueva fecha";

const fecha = z.string({ error: FECHA_MSG }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: FECHA_MSG }));
const hora = z.string({ error: HORA_MSG }).check(z.regex(/^\d{2}:\d{2}$/, { error: HORA_MSG }));
const acceso = {
  referencia: requiredText(REFERENCIA_MSG, 40),
  pin: z.string({ error: PIN_MSG }).check(z.regex(/^\d{6}$/, { error: PIN_MSG })),
};

/** Staff: which line goes to which departure (the tour's local date and start). */
export const CambioFechaBody = z.object({ linea: requiredId(LINEA_MSG), fecha, hora });
export type CambioFechaBodyInput = z.input<typeof CambioFechaBody>;

/** The buyer: the same, behind the reference and PIN (preview and change). */
export const ReservaCambioBody = z.object({ ...acceso, linea: requiredId(LINEA_MSG), fecha, hora });
export type ReservaCambioBodyInput = z.input<typeof ReservaCambioBody>;

/** The buyer back from PayPal: the PayPal order (`token`) of the difference. */
export const ReservaCambioConfirmarBody = z.object({ ...acceso, token: requiredText("Falta el pago de PayPal de la diferencia", 80) });
export type ReservaCambioConfirmarBodyInput = z.input<typeof ReservaCambioConfirmarBody>;

/** What a change would be: from, to, places left, the totals and the difference (> 0 to pay, < 0 refunded). */
export const CambioPreviewSchema = z.object({
  linea: IdSchema,
  tour_nombre: z.string(),
  desde_texto: z.string(),
  hacia_texto: z.string(),
  fecha: z.string(),
  hora: z.string(),
  /** Places left on the new departure now (null: no limit). */
  quedan: z.nullable(z.number().check(z.int())),
  total_antes: NumberLikeSchema,
  total_nuevo: NumberLikeSchema,
  diferencia: NumberLikeSchema,
});
export const CambioPreviewAnswer = z.object({ succes: CambioPreviewSchema });

export const CAMBIO_ESTADOS = ["por_pagar", "pagado", "hecho", "reembolso_pendiente", "por_devolver", "devuelto", "fallido", "anulado"] as const;

/** A change made or started: the booking after it, the change's state, and PayPal's approval page when there is a difference to pay. */
export const CambioFechaAnswer = z.object({
  succes: ReservaSchema,
  cambio: z.object({
    id: IdSchema,
    estado: z.enum(CAMBIO_ESTADOS),
    diferencia: NumberLikeSchema,
    /** Where to send the buyer to pay the difference (only while 'por_pagar'). */
    aprobar_url: z.nullable(z.string()),
    /** What happened, in Spanish, for the page. */
    mensaje: z.string(),
  }),
});
