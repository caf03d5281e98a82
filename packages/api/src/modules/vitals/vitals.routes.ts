import type { FastifyPluginAsync } from "fastify";
import { VitalsReportBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { requireRole } from "../../http/auth.ts";
import { parseBody } from "../../http/errors.ts";
import { createRateLimiter } from "../limits/rate-limiter.ts";
import { createVitalsRepository } from "./vitals.repository.ts";

/**
 * Field vitals (issue 27, decision 0022): POST /api/vitals takes one page view's figures, as the storefront
 * forwards them (the visitor's address counts for the limit and is not kept); GET /api/vitals, their p75.
 */
export const vitalsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const limiter = createRateLimiter(deps.db, deps.now);
  const limit = { name: "vitals", max: deps.config.limits.vitalsPerMinute, windowMs: 60_000 };
  const repo = createVitalsRepository(deps.db);

  app.post("/api/vitals", async (request) => {
    const body = parseBody(VitalsReportBody, request.body);
    await limiter.enforce(limit, request);
    await repo.record(body, deps.now());
    return { succes: true };
  });

  app.get("/api/vitals", { preHandler: requireRole("rendimiento") }, async () => ({
    succes: { filas: await repo.summary(deps.now()) },
  }));
};
