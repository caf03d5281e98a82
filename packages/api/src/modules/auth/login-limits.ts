import type { FastifyRequest } from "fastify";
import { HTTP_MSG, HttpError } from "../../http/errors.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { clientKey } from "../limits/client-key.ts";
import type { Limit, RateLimiter } from "../limits/rate-limiter.ts";

/** Failed logins allowed per client (address or IPv6 /64) and minute; the next attempt gets 429 until the minute is over. */
const LOGIN_FAILURES_PER_MINUTE = 10;
const CLIENT_FAILURES: Limit = { name: "login", max: LOGIN_FAILURES_PER_MINUTE, windowMs: 60_000 };

/**
 * Failures per account, from any addresses (issue 28): after the 10th in a 15-minute window every login to that
 * e-mail — the right password too — gets 429 until the window is over, and the account's owner is e-mailed once.
 * Counted by the e-mail typed, known or not, so the backoff does not tell which accounts exist.
 */
export const ACCOUNT_FAILURES: Limit = { name: "login-cuenta", max: 9, windowMs: 15 * 60_000 };
/** Hit when an account is locked; only the first hit is within it, which is what sends the e-mail once. */
const ACCOUNT_LOCK: Limit = { name: "login-cuenta-aviso", max: 1, windowMs: 15 * 60_000 };

export const LOGIN_LIMITS_MSG = {
  accountLocked:
    "Demasiados intentos fallidos para esta cuenta. Por seguridad no acepta inicios de sesión durante 15 minutos; intenta de nuevo más tarde.",
} as const;

const accountKey = (email: string) => email.trim().toLowerCase();

export function loginLimits(limiter: RateLimiter, notifier: Notifier, now: () => Date) {
  return {
    /** Before the password is checked: 429 for a client or an account over its limit. */
    async check(request: FastifyRequest, email: string): Promise<void> {
      if ((await limiter.count(CLIENT_FAILURES, clientKey(request.ip))) >= LOGIN_FAILURES_PER_MINUTE) {
        throw new HttpError(429, { errors: [{ msg: HTTP_MSG.tooManyRequests }] });
      }
      if ((await limiter.count(ACCOUNT_FAILURES, accountKey(email))) > ACCOUNT_FAILURES.max) {
        throw new HttpError(429, { errors: [{ msg: LOGIN_LIMITS_MSG.accountLocked }] });
      }
    },
    /** Counts a failure for the client and the account; the one that locks a real account e-mails its owner. */
    async failed(request: FastifyRequest, email: string, user: { id: number; email: string; nombre: string } | null): Promise<void> {
      await limiter.hit(CLIENT_FAILURES, clientKey(request.ip));
      const withinLimit = await limiter.hit(ACCOUNT_FAILURES, accountKey(email));
      if (!withinLimit && (await limiter.hit(ACCOUNT_LOCK, accountKey(email))) && user) {
        await notifier.loginLocked({ usuarioId: user.id, email: user.email, nombre: user.nombre, at: now() });
      }
    },
  };
}
