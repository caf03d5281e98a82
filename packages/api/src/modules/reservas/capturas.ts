import { and, eq, inArray, notLike, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { reembolso } from "../compra/compra.table.ts";
import { cambioFecha } from "./cambio-fecha.table.ts";

/**
 * The money an order holds at PayPal, capture by capture (docs/decisions/0013 "Cambio de fecha"): the order's own
 * capture (what the checkout charged), then the capture of each dearer date change's difference that moved the
 * line. Refunds draw from them in that order, each never beyond what is left of it: what was refunded already (the
 * cancellations, and each cheaper change's difference, paid or still owed) is taken from the first ones.
 */

export interface RefundPart {
  captureId: string;
  cents: number;
  /** null: the order's own capture; else the date change whose difference this capture paid. */
  dateChangeId: number | null;
}

/** Moved changes: their difference is part of the line's total now (dearer: paid; cheaper: refunded or owed). */
const MOVED = ["hecho", "reembolso_pendiente"] as const;

/**
 * How `cents` is refunded from the order's captures, oldest first; more than they hold stays on the first one (PayPal
 * refuses it). `forCambio`: the refund is that moved cheaper change's own difference, so it is not counted as drawn.
 */
export async function refundParts(
  tx: Db,
  order: { id: number; captureId: string; valorTotalCents: number },
  cents: number,
  forCambio?: number,
): Promise<RefundPart[]> {
  const changes = await tx
    .select({ id: cambioFecha.id, diferencia: cambioFecha.diferencia_cents, captureId: cambioFecha.capture_id })
    .from(cambioFecha)
    .where(and(eq(cambioFecha.pedido_id, order.id), inArray(cambioFecha.estado, [...MOVED])))
    .orderBy(cambioFecha.id);
  // what went to a gift card (the card that paid, or a new one staff chose) never came from PayPal (decision 0024)
  const [refunded] = await tx
    .select({ cents: sql<number>`coalesce(sum(case when ${reembolso.a_tarjeta_nueva} then 0 else ${reembolso.monto_cents} - ${reembolso.tarjeta_cents} end), 0)` })
    .from(reembolso)
    .where(and(eq(reembolso.pedido_id, order.id), inArray(reembolso.estado, ["completado", "pendiente"]), notLike(reembolso.request_id, "cambio-%")));
  const original = order.valorTotalCents - changes.reduce((s, c) => s + c.diferencia, 0);
  const captures = [
    { captureId: order.captureId, cents: original, dateChangeId: null as number | null },
    ...changes.filter((c) => c.diferencia > 0 && c.captureId).map((c) => ({ captureId: c.captureId!, cents: c.diferencia, dateChangeId: c.id as number | null })),
  ];
  let drawn = Number(refunded?.cents ?? 0) + changes.reduce((s, c) => s + (c.diferencia < 0 && c.id !== forCambio ? -c.diferencia : 0), 0);
  let left = cents;
  const parts: RefundPart[] = [];
  for (const capture of captures) {
    const used = Math.min(capture.cents, drawn);
    drawn -= used;
    const take = Math.min(capture.cents - used, left);
    if (take > 0) parts.push({ ...capture, cents: take });
    left -= take;
  }
  if (left > 0) {
    const first = parts.find((p) => p.dateChangeId === null);
    if (first) first.cents += left;
    else parts.unshift({ ...captures[0]!, cents: left });
  }
  return parts;
}
