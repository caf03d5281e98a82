import { isApiError, type PaymentOrder } from "@tours/contract";
import { MAX_HOLD_RENEWALS } from "@tours/domain";
import { api, logLoadFailure } from "./api.server";
import type { CartItem } from "@tours/domain";
import { holdUntilText, type HoldView } from "./hold";

/** The unpaid order the cart's checkout created, kept in the cart's cookie beside its lines. */
export interface PendingHold {
  /** The PayPal order id (the API's token for the order). */
  token: string;
  payUrl: string;
  until: string;
  restantes: number;
  /** The cart as it was ordered: a hold is shown only while the cart still is that order. */
  cart: string;
}

/** What of the cart an order is made of: tours, departures and counts. */
export function cartFingerprint(items: readonly CartItem[]): string {
  return JSON.stringify(items.map((i) => [i.tour_id, i.dia, i.mayores_15, i.de_4_15, i.menores_3, i.mascotas]));
}

/** Reads a stored hold (the cookie is signed, but its shape may predate a release). */
export function readHold(raw: unknown): PendingHold | null {
  if (!raw || typeof raw !== "object") return null;
  const h = raw as Record<string, unknown>;
  if (typeof h.token !== "string" || typeof h.payUrl !== "string" || typeof h.until !== "string" || typeof h.cart !== "string") return null;
  if (Number.isNaN(Date.parse(h.until))) return null;
  const restantes = typeof h.restantes === "number" ? h.restantes : MAX_HOLD_RENEWALS;
  return { token: h.token, payUrl: h.payUrl, until: h.until, restantes, cart: h.cart };
}

/** The hold of an order just created (null when the API did not say: an older server). */
export function holdOfOrder(order: PaymentOrder, payUrl: string, items: readonly CartItem[]): PendingHold | null {
  if (!order.hold_expires_at) return null;
  return { token: order.id, payUrl, until: order.hold_expires_at, restantes: order.renovaciones_restantes ?? MAX_HOLD_RENEWALS, cart: cartFingerprint(items) };
}

/** What the page shows of a stored hold, or null when the cart is no longer the order it was made for. */
export function holdView(hold: PendingHold | null, items: readonly CartItem[], now = new Date()): HoldView | null {
  if (!hold || hold.cart !== cartFingerprint(items)) return null;
  const until = new Date(hold.until);
  return { until: hold.until, untilText: holdUntilText(until), restantes: hold.restantes, payUrl: hold.payUrl, lapsed: until <= now };
}

export type RenewOutcome = { ok: true; hold: PendingHold } | { ok: false; message: string; hold: PendingHold | null };

/** "Necesito más tiempo": the API renews the hold; a refusal says why (and drops a hold that is gone). */
export async function renewHold(hold: PendingHold): Promise<RenewOutcome> {
  try {
    const { succes } = await api().compra.retencion(hold.token);
    return { ok: true, hold: { ...hold, until: succes.hold_expires_at ?? hold.until, restantes: succes.renovaciones_restantes } };
  } catch (error) {
    logLoadFailure("la renovación de la reserva", error);
    const message = (isApiError(error) ? error.messages[0] : undefined) ?? "No fue posible pedir más tiempo; intenta de nuevo en unos segundos";
    if (isApiError(error) && error.status === 409) {
      const body = error.body as { estado?: string; renovaciones_restantes?: number } | undefined;
      // the limit leaves the hold as it is; an order no longer payable takes its hold with it
      if (body?.estado === "pendiente") return { ok: false, message, hold: { ...hold, restantes: 0 } };
      return { ok: false, message, hold: null };
    }
    return { ok: false, message, hold };
  }
}

/** A new checkout replaces the order it made before: that order is cancelled, so its places are not held twice. */
export async function releaseHold(hold: PendingHold | null): Promise<void> {
  if (!hold) return;
  try {
    await api().compra.cancel(hold.token);
  } catch (error) {
    logLoadFailure(`la cancelación del pedido anterior ${hold.token}`, error);
  }
}
