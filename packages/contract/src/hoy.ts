import { z } from "zod/mini";
import { SalidaSchema } from "./salidas.ts";

/**
 * GET /api/hoy: the panel's first screen (issue 22). Today's and tomorrow's departures that have bookings (days of
 * the business time zone; each departure keeps its own local time), the day's money, the e-mails that failed and
 * the occupancy of the next 14 days. A Guía gets only the departures assigned to them, and no money.
 */
export const HoySalidaSchema = z.extend(SalidaSchema, {
  /** "hoy" or "manana": the business-zone day the departure starts on. */
  dia: z.enum(["hoy", "manana"]),
  /** Persons of paid lines checked in, and persons of paid lines (expected). */
  llegados: z.number().check(z.int()),
  esperados: z.number().check(z.int()),
});
export type HoySalida = z.output<typeof HoySalidaSchema>;

export const HoyDineroSchema = z.object({
  /** Orders paid today (business zone), and their total. */
  ventas_pedidos: z.number().check(z.int()),
  ventas_total: z.number(),
  /** Refunds made today (completed or pending at PayPal), and their total. */
  reembolsos_cantidad: z.number().check(z.int()),
  reembolsos_total: z.number(),
});

export const HoyCorreoFallidoSchema = z.object({
  id: z.number().check(z.int()),
  tipo: z.string(),
  destinatario: z.string(),
  asunto: z.string(),
  error: z.nullable(z.string()),
  pedido_id: z.nullable(z.number().check(z.int())),
  fecha: z.string(),
});

export const HoyOcupacionSchema = z.object({
  fecha: z.string(),
  /** Persons sold on the day's departures that have a capacity, and that capacity. */
  vendidos: z.number().check(z.int()),
  cupo: z.number().check(z.int()),
  /** vendidos ÷ cupo in percent, 0 when no departure of the day has a capacity. */
  porcentaje: z.number(),
});

export const HoySchema = z.object({
  zona_horaria: z.string(),
  hoy: z.string(),
  manana: z.string(),
  salidas: z.array(HoySalidaSchema),
  /** Null for a Guía. */
  dinero: z.nullable(HoyDineroSchema),
  /** E-mails of the last 7 days that spent every try (the latest 20), and how many; null for a Guía. */
  correos_fallidos: z.nullable(z.object({ total: z.number().check(z.int()), ultimos: z.array(HoyCorreoFallidoSchema) })),
  ocupacion: z.nullable(z.array(HoyOcupacionSchema)),
});
export type Hoy = z.output<typeof HoySchema>;

export const HoyAnswer = z.object({ succes: HoySchema });
