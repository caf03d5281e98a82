import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { HTTP_MSG, HttpError } from "../../http/errors.ts";
import { clientKey } from "./client-key.ts";
import { rateLimit } from "./limits.table.ts";

/**
 * Fixed-window counters kept in PostgreSQL, so every API process counts the same hits: one atomic upsert per hit
 * (a new window starts when the old one is over). Expired rows are swept now and then by the hits themselves.
 */
export interface Limit {
  /** Key prefix, e.g. "comentario". */
  name: string;
  max: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one hit; true while the key is within its limit. */
  hit(limit: Limit, subject: string): Promise<boolean>;
  /**
   * Takes one hit back (never below 0). For limits on failures: each attempt counts first, atomically (so a burst of
   * parallel attempts cannot all pass a check made before any counted), and one that succeeds is forgiven.
   */
  forgive(limit: Limit, subject: string): Promise<void>;
  /** Hits so far in the key's live window (0 when none). */
  count(limit: Limit, subject: string): Promise<number>;
  /** 429 in Spanish once the client went over the limit. */
  enforce(limit: Limit, request: FastifyRequest): Promise<void>;
}

const SWEEP_EVERY = 200;

export function createRateLimiter(db: Db, now: () => Date): RateLimiter {
  let hitsSinceSweep = 0;
  const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

  async function sweep(at: Date) {
    hitsSinceSweep = 0;
    await db.delete(rateLimit).where(lt(rateLimit.windowStart, new Date(at.getTime() - 24 * 3_600_000)));
  }

  const limiter: RateLimiter = {
    async hit(limit, subject) {
      const at = now();
      const expired = new Date(at.getTime() - limit.windowMs);
      const [row] = await db
        .insert(rateLimit)
        .values({ key: keyOf(limit, subject), windowStart: at, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            hits: sql`case when ${rateLimit.windowStart} <= ${expired} then 1 else ${rateLimit.hits} + 1 end`,
            windowStart: sql`case when ${rateLimit.windowStart} <= ${expired} then ${at}::timestamptz else ${rateLimit.windowStart} end`,
          },
        })
        .returning({ hits: rateLimit.hits });
      if (++hitsSinceSweep >= SWEEP_EVERY) await sweep(at);
      return (row?.hits ?? 1) <= limit.max;
    },
    async forgive(limit, subject) {
      await db
        .update(rateLimit)
        .set({ hits: sql`greatest(${rateLimit.hits} - 1, 0)` })
        .where(eq(rateLimit.key, keyOf(limit, subject)));
    },
    async count(limit, subject) {
      const at = now();
      const [row] = await db
        .select({ hits: rateLimit.hits })
        .from(rateLimit)
        .where(and(eq(rateLimit.key, keyOf(limit, subject)), gt(rateLimit.windowStart, new Date(at.getTime() - limit.windowMs))));
      return row?.hits ?? 0;
    },
    async enforce(limit, request) {
      if (!(await limiter.hit(limit, clientKey(request.ip)))) throw new HttpError(429, { errors: [{ msg: HTTP_MSG.tooManyRequests }] });
    },
  };
  return limiter;
}

/** What a client may send per minute on the public forms (RATE_LIMIT_* settings): far above what a visitor needs. */
export function publicLimits(config: { limits: { formsPerMinute: number; ordersPerMinute: number } }) {
  const perMinute = (name: string, max: number): Limit => ({ name, max, windowMs: 60_000 });
  return {
    comentario: perMinute("comentario", config.limits.formsPerMinute),
    rewards: perMinute("rewards", config.limits.formsPerMinute),
    ayuda: perMinute("ayuda", config.limits.formsPerMinute),
    pedido: perMinute("pedido", config.limits.ordersPerMinute),
  };
}
