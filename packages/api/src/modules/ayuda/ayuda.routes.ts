import type { FastifyPluginAsync } from "fastify";
import { AyudaCreateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { createRateLimiter, publicLimits } from "../limits/rate-limiter.ts";
import { requireRole } from "../../http/auth.ts";
import { parseBody } from "../../http/errors.ts";
import { listHandler } from "../../http/list.ts";
import { createAyudaRepository, toAyuda } from "./ayuda.repository.ts";

export const ayudaRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const limiter = createRateLimiter(deps.db, deps.now);
  const limits = publicLimits(deps.config);
  const repo = createAyudaRepository(deps.db);

  app.post("/api/tour/ayuda", async (request) => {
    const body = parseBody(AyudaCreateBody, request.body);
    await limiter.enforce(limits.ayuda, request);
    return { succes: toAyuda(await repo.create(body)) };
  });

  app.get("/api/tour/ayuda/index", { preHandler: requireRole("solicitudes") }, listHandler("ayuda", repo, toAyuda));
};
