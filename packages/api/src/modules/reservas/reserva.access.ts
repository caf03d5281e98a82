import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { HttpError, notFound } from "../../http/errors.ts";
import type { Limit, RateLimiter } from "../limits/rate-limiter.ts";
import { type ReservaView, loadReservaView } from "./reserva.view.ts";
import { ACCESO_MSG } from "./reservas.messages.ts";

/**
 * Wrong reference/PIN pairs a client address may try per minute ("Mi reserva"); the next attempt, right or wrong,
 * gets 429 until the minute is over. A PIN has 10^6 values: this keeps guessing one out of reach.
 */
export const PIN_LIMIT: Limit = { name: "reserva-pin", max: 10, windowMs: 60_000 };

function samePin(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The booking behind a reference and its PIN, or 404 (an unknown reference and a wrong PIN get the same answer).
 * Every attempt is counted per client address first, in one atomic step, and a right one is forgiven: a burst of
 * parallel guesses cannot slip in before the count catches up.
 */
export async function reservaByPin(
  db: Db,
  limiter: RateLimiter,
  request: FastifyRequest,
  referencia: string,
  pin: string,
  now: Date,
): Promise<ReservaView> {
  if (!(await limiter.hit(PIN_LIMIT, request.ip))) throw new HttpError(429, { errors: [{ msg: ACCESO_MSG.tooMany }] });
  const view = await loadReservaView(db, { referencia }, now);
  if (!view || !samePin(view.pin, pin)) throw notFound(ACCESO_MSG.notFound);
  await limiter.forgive(PIN_LIMIT, request.ip);
  return view;
}
