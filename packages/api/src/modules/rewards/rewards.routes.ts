import type { FastifyPluginAsync } from "fastify";
import { RewardsCreateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { createRateLimiter, publicLimits } from "../limits/rate-limiter.ts";
import { requireRole } from "../../http/auth.ts";
import { parseBody } from "../../http/errors.ts";
import { listHandler } from "../../http/list.ts";
import { createRewardsRepository, toRewards } from "./rewards.repository.ts";

export const rewardsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const limiter = createRateLimiter(deps.db, deps.now);
  const limits = publicLimits(deps.config);
  const repo = createRewardsRepository(deps.db);

  app.post("/api/tour/rewards", async (request) => {
    const body = parseBody(RewardsCreateBody, request.body);
    await limiter.enforce(limits.rewards, request);
    return { succes: toRewards(await repo.create(body)) };
  });

  app.get("/api/tour/rewards/index", { preHandler: requireRole("solicitudes") }, listHandler("rewards", repo, toRewards));
};
