import type { FastifyPluginAsync } from "fastify";
import { CompraCreateBody, TokenBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { createRateLimiter, publicLimits } from "../limits/rate-limiter.ts";
import { clientKey } from "../limits/client-key.ts";
import { requireRole } from "../../http/auth.ts";
import { notFound, parseBody, parseId } from "../../http/errors.ts";
import { listHandler } from "../../http/list.ts";
import { compraServiceFor } from "./compra.service.ts";
import { COMPRA_MSG } from "./compra.messages.ts";
import { toPedido } from "./compra.serialize.ts";
import { pedidoDetalle } from "../reservas/pedido.detalle.ts";
import { actorOf } from "../auditoria/auditoria.ts";

export const compraRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const limiter = createRateLimiter(deps.db, deps.now);
  const limits = publicLimits(deps.config);
  const { repo, service } = compraServiceFor(deps, app.log);
  const staff = { preHandler: requireRole("pedidos") };

  app.post("/api/compra/create", async (request) => {
    const body = parseBody(CompraCreateBody, request.body);
    await limiter.enforce(limits.pedido, request);
    return { succes: await service.create(body, clientKey(request.ip), actorOf(request)) };
  });

  app.post("/api/compra/confirma", async (request) => {
    const { token } = parseBody(TokenBody, request.body);
    return { succes: toPedido(await service.confirm(token)) };
  });

  // "Necesito más tiempo" (docs/decisions/0018): the buyer's unpaid order holds its places a while longer
  app.post("/api/compra/retencion", async (request) => {
    const { token } = parseBody(TokenBody, request.body);
    await limiter.enforce(limits.pedido, request);
    return { succes: await service.moreTime(token) };
  });

  // the storefront posts to /compra/cancel (no /api prefix) as the upstream did; both paths are served
  for (const path of ["/compra/cancel", "/api/compra/cancel"]) {
    app.post(path, async (request) => {
      const { token } = parseBody(TokenBody, request.body);
      return { succes: toPedido(await service.cancel(token)) };
    });
  }

  app.get("/api/compra/index", staff, listHandler("compra", repo, toPedido));

  app.get<{ Params: { id: string } }>("/api/compra/find/:id", staff, async (request) => {
    const detalle = await pedidoDetalle(deps.db, parseId(request.params.id), deps.now());
    if (!detalle) throw notFound(COMPRA_MSG.pedidoNotFound);
    return detalle;
  });
};
