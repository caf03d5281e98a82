import { z } from "zod/mini";
import { CompraLineBody } from "./bodies.ts";

/**
 * Extension (issue 25, decision 0021): discount codes. Staff keep them in the panel; the cart asks what one takes off
 * (`/api/codigos/aplicar`) and the checkout sends it as `codigo`. Money is USD on the wire, like `valor_total`.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const optionalDate = (label: string) =>
  z.optional(z.nullable(z.string().check(z.regex(DATE, `${label}: use una fecha válida`))));
const optionalLimit = (label: string) =>
  z.optional(z.nullable(z.number({ error: `${label}: indique un número` }).check(z.int(`${label}: un número entero`), z.minimum(1, `${label}: al menos 1`))));

export const CODIGO_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

export const CodigoSchema = z.object({
  id: z.number().check(z.int()),
  codigo: z.string(),
  tipo: z.enum(["porcentaje", "monto"]),
  /** Whole percent, or USD. */
  valor: z.number(),
  tours: z.nullable(z.array(z.number())),
  reserva_desde: z.nullable(z.string()),
  reserva_hasta: z.nullable(z.string()),
  salida_desde: z.nullable(z.string()),
  salida_hasta: z.nullable(z.string()),
  usos_max: z.nullable(z.number()),
  usos_por_email: z.nullable(z.number()),
  activo: z.boolean(),
  /** Orders that hold it now: paid, or unpaid with their hold still live. */
  usos: z.number(),
  /** USD it took off those orders. */
  descontado: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const CodigoBody = z
  .object({
    codigo: z.string({ error: "El código es obligatorio" }).check(
      z.trim(),
      z.regex(CODIGO_PATTERN, "El código debe tener de 3 a 40 letras, números, guiones o guiones bajos, sin espacios"),
    ),
    tipo: z.enum(["porcentaje", "monto"], { error: "Indique si es un porcentaje o un monto fijo" }),
    valor: z.number({ error: "Indique el valor del descuento" }).check(z.gt(0, "El descuento debe ser mayor que 0")),
    tours: z.optional(z.nullable(z.array(z.number().check(z.int())))),
    reserva_desde: optionalDate("Reservas desde"),
    reserva_hasta: optionalDate("Reservas hasta"),
    salida_desde: optionalDate("Salidas desde"),
    salida_hasta: optionalDate("Salidas hasta"),
    usos_max: optionalLimit("Usos en total"),
    usos_por_email: optionalLimit("Usos por e-mail"),
    activo: z._default(z.boolean(), true),
  })
  .check(
    z.refine((b) => b.tipo !== "porcentaje" || (Number.isInteger(b.valor) && b.valor <= 100), {
      error: "El porcentaje debe ser un número entero de 1 a 100",
      path: ["valor"],
    }),
    z.refine((b) => b.tipo !== "monto" || Math.abs(b.valor * 100 - Math.round(b.valor * 100)) < 1e-6, {
      error: "El monto admite hasta dos decimales",
      path: ["valor"],
    }),
    z.refine((b) => !b.reserva_desde || !b.reserva_hasta || b.reserva_desde <= b.reserva_hasta, {
      error: "La fecha final de las reservas es anterior a la inicial",
      path: ["reserva_hasta"],
    }),
    z.refine((b) => !b.salida_desde || !b.salida_hasta || b.salida_desde <= b.salida_hasta, {
      error: "La fecha final de las salidas es anterior a la inicial",
      path: ["salida_hasta"],
    }),
  );
export type CodigoBody = z.output<typeof CodigoBody>;

export const CodigoAplicarBody = z.object({
  codigo: z.string({ error: "Escribe el código" }).check(z.trim(), z.minLength(1, "Escribe el código"), z.maxLength(60, "Este código no existe")),
  /** The buyer's e-mail when known: its uses are counted too (the checkout checks it again). */
  email: z.optional(z.string()),
  pedidos: z.array(CompraLineBody).check(z.minLength(1, "El carrito está vacío"), z.maxLength(50, "El carrito admite como máximo 50 tours")),
});
export type CodigoAplicarBodyInput = z.input<typeof CodigoAplicarBody>;

export const CodigoAplicadoSchema = z.object({
  codigo: z.string(),
  lineas: z.array(z.object({ tour_id: z.number(), precio_total: z.number(), descuento: z.number(), total: z.number() })),
  descuento_total: z.number(),
  total: z.number(),
});
export type CodigoAplicado = z.output<typeof CodigoAplicadoSchema>;

export const CodigoListAnswer = z.object({ succes: z.array(CodigoSchema) });
export const CodigoAnswer = z.object({ succes: CodigoSchema });
export const CodigoAplicadoAnswer = z.object({ succes: CodigoAplicadoSchema });
