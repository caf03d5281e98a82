import { z } from "zod/mini";
import { TARJETA_MAX_CENTS, TARJETA_MENSAJE_MAX, TARJETA_MIN_CENTS } from "@tours/domain";
import { requiredText } from "./primitives.ts";

/**
 * Extension (issue 25, decision 0024): gift cards. A visitor buys one through PayPal for someone else
 * (`/api/tarjetas-regalo`, then `/confirma` with PayPal's token); anyone with its code may check its balance
 * (`/saldo`, limited per address) and pay an order with it (`tarjeta` in `POST /api/compra/create`). Staff list the
 * cards with every movement of their balance. Money is USD on the wire, like `valor_total`.
 */

const email = (missing: string, invalid: string) =>
  z.pipe(z.string({ error: missing }).check(z.trim(), z.minLength(1, { error: missing, abort: true })), z.email({ error: invalid }));

const usd = (cents: number) => (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 0 });

export const TarjetaCompraBody = z
  .object({
    monto: z.number({ error: "Elige o escribe el valor de la tarjeta" }),
    comprador_nombre: requiredText("Escribe tu nombre", 120),
    comprador_email: email("Escribe tu correo electrónico", "Tu correo electrónico no es válido"),
    destinatario_nombre: requiredText("Escribe el nombre de quien la recibe", 120),
    destinatario_email: email("Escribe el correo de quien la recibe", "El correo de quien la recibe no es válido"),
    mensaje: z.optional(z.string().check(z.trim(), z.maxLength(TARJETA_MENSAJE_MAX, `El mensaje admite hasta ${TARJETA_MENSAJE_MAX} caracteres`))),
  })
  .check(
    z.refine((b) => Math.abs(b.monto * 100 - Math.round(b.monto * 100)) < 1e-6, { error: "El valor admite hasta dos decimales", path: ["monto"] }),
    z.refine((b) => Math.round(b.monto * 100) >= TARJETA_MIN_CENTS && Math.round(b.monto * 100) <= TARJETA_MAX_CENTS, {
      error: `El valor debe estar entre USD ${usd(TARJETA_MIN_CENTS)} y USD ${usd(TARJETA_MAX_CENTS)}`,
      path: ["monto"],
    }),
  );
export type TarjetaCompraBody = z.output<typeof TarjetaCompraBody>;

export const TarjetaCodigoBody = z.object({
  codigo: z.string({ error: "Escribe el código de la tarjeta" }).check(z.trim(), z.minLength(1, "Escribe el código de la tarjeta"), z.maxLength(40, "Este código de tarjeta regalo no existe")),
});

/** A card just paid, as its buyer is told (the code itself goes only to the recipient). */
export const TarjetaCompradaSchema = z.object({
  codigo_final: z.string(),
  importe: z.number(),
  vence_el: z.string(),
  destinatario_nombre: z.string(),
  destinatario_email: z.string(),
});

/** A card's balance, for whoever holds its code. */
export const TarjetaSaldoSchema = z.object({
  codigo_final: z.string(),
  importe: z.number(),
  saldo: z.number(),
  vence_el: z.string(),
  /** Past its last valid day: its balance can no longer be spent. */
  vencida: z.boolean(),
});

/** carga: the card's value (paid, or a refund staff put on a new card); pago: an order paid with it; devolucion: a cancelled order's part back. */
export const TARJETA_MOVIMIENTO_TIPOS = ["carga", "pago", "devolucion"] as const;

export const TarjetaMovimientoSchema = z.object({
  id: z.number(),
  tipo: z.enum(TARJETA_MOVIMIENTO_TIPOS),
  /** USD, signed: a payment is negative. */
  importe: z.number(),
  pedido_id: z.nullable(z.number()),
  referencia: z.nullable(z.string()),
  /** Whether it counts in the balance: a payment whose order lapsed unpaid (or was cancelled before payment) no longer does. */
  cuenta: z.boolean(),
  createdAt: z.string(),
});

/** pendiente: bought, PayPal not captured yet; activa: it has its value; fallida: PayPal did not take the payment. */
export const TARJETA_ESTADOS = ["pendiente", "activa", "fallida"] as const;

export const TarjetaSchema = z.object({
  id: z.number(),
  codigo: z.string(),
  estado: z.enum(TARJETA_ESTADOS),
  /** compra: bought by a visitor; reembolso: staff refunded a cancelled booking onto it. */
  origen: z.enum(["compra", "reembolso"]),
  importe: z.number(),
  saldo: z.number(),
  comprador_nombre: z.string(),
  comprador_email: z.string(),
  destinatario_nombre: z.string(),
  destinatario_email: z.string(),
  mensaje: z.nullable(z.string()),
  vence_el: z.nullable(z.string()),
  /** The booking whose refund made it (origen reembolso). */
  pedido_origen_id: z.nullable(z.number()),
  createdAt: z.string(),
});
export type Tarjeta = z.output<typeof TarjetaSchema>;

export const TarjetaDetalleSchema = z.object({ ...TarjetaSchema.shape, movimientos: z.array(TarjetaMovimientoSchema) });
export type TarjetaDetalle = z.output<typeof TarjetaDetalleSchema>;

export const TarjetaCompradaAnswer = z.object({ succes: TarjetaCompradaSchema });
export const TarjetaSaldoAnswer = z.object({ succes: TarjetaSaldoSchema });
export const TarjetaListAnswer = z.object({ succes: z.array(TarjetaSchema) });
export const TarjetaDetalleAnswer = z.object({ succes: TarjetaDetalleSchema });
