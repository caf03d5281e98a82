import type { FastifyPluginAsync } from "fastify";
import { TarjetaCodigoBody, TarjetaCompraBody, TokenBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { requireRole } from "../../http/auth.ts";
import { notFound, parseBody, parseId } from "../../http/errors.ts";
import { listParamsOf, sendPage } from "../../http/list.ts";
import { actorOf } from "../auditoria/auditoria.ts";
import { createRateLimiter, publicLimits, type Limit } from "../limits/rate-limiter.ts";
import { TARJETA_MSG } from "./tarjetas.messages.ts";
import { createTarjetasService } from "./tarjetas.service.ts";

/** Gift cards (decision 0024): buying one, its confirmation, its balance, and the panel's list with each card's ledger. */
export const tarjetasRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const limiter = createRateLimiter(deps.db, deps.now);
  const limits = publicLimits(deps.config);
  // a code is a bearer secret: guessing one must take longer than its validity (RATE_LIMIT_GIFT_CARD_CHECKS_PER_HOUR)
  const checks: Limit = { name: "tarjeta-saldo", max: deps.config.limits.giftCardChecksPerHour, windowMs: 3_600_000 };
  const service = createTarjetasService({
    db: deps.db,
    payments: deps.payments,
    now: deps.now,
    storefrontUrl: deps.config.storefrontUrl,
    businessTimezone: deps.config.businessTimezone,
    log: app.log,
    jobs: deps.jobs,
  });
  const staff = { preHandler: requireRole("tarjetas") };

  app.post("/api/tarjetas-regalo", async (request) => {
    const body = parseBody(TarjetaCompraBody, request.body);
    await limiter.enforce(limits.pedido, request);
    return { succes: await service.buy(body) };
  });

  app.post("/api/tarjetas-regalo/confirma", async (request) => {
    const { token } = parseBody(TokenBody, request.body);
    return { succes: await service.confirm(token, actorOf(request)) };
  });

  app.post("/api/tarjetas-regalo/saldo", async (request) => {
    const { codigo } = parseBody(TarjetaCodigoBody, request.body);
    await limiter.enforce(checks, request);
    return { succes: await service.saldo(codigo) };
  });

  app.get("/api/tarjetas-regalo", staff, async (request, reply) => {
    const page = await service.repo.page(listParamsOf(request) ?? { filter: {} }, deps.now());
    return { succes: sendPage(reply, "tarjetas", page.q, page.rows, page.total) };
  });

  app.get<{ Params: { id: string } }>("/api/tarjetas-regalo/find/:id", staff, async (request) => {
    const detail = await service.repo.detail(parseId(request.params.id), deps.now());
    if (!detail) throw notFound(TARJETA_MSG.purchaseNotFound);
    return { succes: detail };
  });
};
