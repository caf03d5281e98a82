import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { pedido } from "../compra/compra.table.ts";
import { normalizeReferencia } from "../compra/referencia.ts";
import type { Limit, RateLimiter } from "../limits/rate-limiter.ts";

/**
 * Wrong PINs counted per reference as well as per client (issue 28, docs/decisions/0013): a botnet spreading its
 * guesses over many addresses still gets 10 tries per reference and hour. The 10th wrong PIN locks the reference
 * for an hour — every answer is 429 then, the right PIN's too — and its buyer is e-mailed once.
 *
 * An unknown reference is counted and locked exactly like a real one, and both answer after the same steps (one
 * lookup by reference, one constant-time comparison — against a dummy PIN when there is no booking — and one count):
 * neither the answer nor its timing tells whether a reference exists.
 */
export const PIN_REF_FAILURES: Limit = { name: "reserva-pin-ref", max: 9, windowMs: 3_600_000 };
/** Set by the 10th wrong PIN; its first hit alone is within the limit, which is what makes the e-mail go once. */
export const PIN_REF_LOCK: Limit = { name: "reserva-pin-bloqueo", max: 1, windowMs: 3_600_000 };

export const PIN_LIMITS_MSG = {
  locked:
    "Esta reserva quedó bloqueada durante una hora porque se intentó abrir muchas veces con un PIN incorrecto. " +
    "Si es tuya, te avisamos por correo; vuelve a intentarlo pasada la hora o escríbenos desde la página de Ayuda.",
} as const;

/** Compared against when the reference is unknown, so that path does the same work as a wrong PIN. */
const DUMMY_PIN = "000000";

function samePin(a: string, b: string): boolean {
  const x = Buffer.from(a.padEnd(16, "\0").slice(0, 16));
  const y = Buffer.from(b.padEnd(16, "\0").slice(0, 16));
  return timingSafeEqual(x, y) && a.length === b.length;
}

/**
 * The order behind a reference and its PIN, or null for an unknown reference and a wrong PIN alike (after counting
 * the failure). Throws 429 while the reference is locked.
 */
export async function checkPin(
  deps: { db: Db; limiter: RateLimiter; notifier: Notifier },
  referencia: string,
  pin: string,
  now: Date,
): Promise<{ orderId: number } | null> {
  const { db, limiter } = deps;
  const key = normalizeReferencia(referencia);
  if ((await limiter.count(PIN_REF_LOCK, key)) > 0) throw new HttpError(429, { errors: [{ msg: PIN_LIMITS_MSG.locked }] });
  const [found] = await db.select({ id: pedido.id, pin: pedido.pin }).from(pedido).where(eq(pedido.referencia, key));
  const right = samePin(found?.pin ?? DUMMY_PIN, pin) && found !== undefined;
  if (right) return { orderId: found.id };
  if (!(await limiter.hit(PIN_REF_FAILURES, key)) && (await limiter.hit(PIN_REF_LOCK, key)) && found) {
    await deps.notifier.pinLocked({ orderId: found.id, at: now });
  }
  return null;
}
