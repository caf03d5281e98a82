import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import type { Limit, RateLimiter } from "../limits/rate-limiter.ts";
import { silentNotifier, type Notifier } from "../../notifications/notifier.ts";
import { clientKey } from "../limits/client-key.ts";
import { checkPin } from "./pin-limits.ts";
import { type ReservaView, loadReservaView } from "./reserva.view.ts";
import { ACCESO_MSG } from "./reservas.messages.ts";

/**
 * Wrong reference/PIN pairs a client address may try per minute ("Mi reserva"); the next attempt, right or wrong,
 * gets 429 until the minute is over. A PIN has 10^6 values: this keeps guessing one out of reach.
 */
export const PIN_LIMIT: Limit = { name: "reserva-pin", max: 10, windowMs: 60_000 };

/**
 * The booking behind a reference and its PIN, or 404 (an unknown reference and a wrong PIN get the same answer, in
 * the same time: pin-limits.ts). Every attempt is counted per client (address or IPv6 /64) first, in one atomic
 * step, and a right one is forgiven: a burst of parallel guesses cannot slip in before the count catches up. Wrong
 * PINs are counted per reference too, whatever the address (pin-limits.ts).
 */
export async function reservaByPin(
  db: Db,
  limiter: RateLimiter,
  request: FastifyRequest,
  referencia: string,
  pin: string,
  now: Date,
  notifier: Notifier = silentNotifier,
): Promise<ReservaView> {
  const client = clientKey(request.ip);
  if (!(await limiter.hit(PIN_LIMIT, client))) throw new HttpError(429, { errors: [{ msg: ACCESO_MSG.tooMany }] });
  const found = await checkPin({ db, limiter, notifier }, referencia, pin, now);
  const view = found && (await loadReservaView(db, found, now));
  if (!view) throw notFound(ACCESO_MSG.notFound);
  await limiter.forgive(PIN_LIMIT, client);
  return view;
}
