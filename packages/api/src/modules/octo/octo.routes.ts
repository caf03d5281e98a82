import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { RevendedorCreateBody, RevendedorUpdateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { bearerToken, requireRole } from "../../http/auth.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { HttpError, notFound, parseBody, parseId } from "../../http/errors.ts";
import { listParamsOf, sendPage } from "../../http/list.ts";
import { createCompraRepository } from "../compra/compra.repository.ts";
import { createSalidasRepository } from "../salidas/salidas.repository.ts";
import { scheduleHoldLapse } from "../plazas/plazas-liberadas.ts";
import { createOctoRepository } from "./octo.repository.ts";
import {
  AvailabilityBody,
  BookingBody,
  BookingsQuery,
  CalendarBody,
  CancelBody,
  ConfirmBody,
  ExtendBody,
  PatchBody,
  WebhookBody,
} from "./octo.schemas.ts";
import { OCTO_MSG, OctoError, RESELLER_MSG } from "./octo.messages.ts";
import { createOctoService, type OctoCaller } from "./octo.service.ts";
import { WEBHOOK_EVENTS, type RevendedorRow, type WebhookEvent } from "./octo.table.ts";
import { createOctoWebhooks } from "./octo.webhooks.ts";
import { webhookUrlProblem } from "./webhook-http.ts";
import { webhookBody } from "./octo.webhook-body.ts";

export const PRICING_CAPABILITY = "octo/pricing";

/** The panel's view of a reseller: never the key (shown once, at creation) nor its hash. */
export function toReseller(row: RevendedorRow) {
  return {
    id: row.id,
    nombre: row.nombre,
    key_prefijo: row.key_prefijo,
    activo: row.activo,
    expiracion_max_minutos: row.expiracion_max_minutos,
    retencion_max_minutos: row.retencion_max_minutos,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A body in OCTO's terms: any problem is a BAD_REQUEST with a Spanish message. */
function octoBody<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
    throw new OctoError("BAD_REQUEST", `${where}${issue.message}`);
  }
  return parsed.data;
}

declare module "fastify" {
  interface FastifyRequest {
    octo: OctoCaller | null;
  }
}

/** The most webhooks one reseller may have. */
export const MAX_WEBHOOKS_PER_RESELLER = 20;

/** The OCTO supplier API under /octo (docs/decisions/0008) and the panel's calls for reseller keys. */
export const octoRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const jobs = deps.jobs;
  const octo = createOctoRepository(deps.db, jobs);
  const webhooks = createOctoWebhooks({
    db: deps.db,
    jobs: deps.jobs,
    settings: deps.config.octoWebhooks,
    now: deps.now,
    log: app.log,
    bodyOf: (event, clave, resellerId) => webhookBody(service, octo, event, clave, resellerId),
  });
  const service = createOctoService({
    db: deps.db,
    octo,
    compra: createCompraRepository(deps.db, deps.now, jobs ? (tx, id, until) => scheduleHoldLapse(tx, jobs, id, until) : undefined),
    salidas: createSalidasRepository(deps.db),
    now: deps.now,
    holdMinutes: deps.config.holdMinutes,
    publicApiUrl: deps.config.publicApiUrl,
    storefrontUrl: deps.config.storefrontUrl,
    supplierName: deps.config.octoSupplierName,
    notifier: deps.notifier,
    webhooks,
    jobs,
  });
  await webhooks.startWorkers();
  app.decorateRequest("octo", null);

  /** A webhook to register, checked: its event, its URL (and where it points), the reseller's limit. */
  async function checkedWebhook(resellerId: number, input: unknown) {
    const body = WebhookBody.safeParse(input ?? {});
    if (!body.success) throw new OctoError("BAD_REQUEST", body.error.issues[0]!.message);
    if (!(WEBHOOK_EVENTS as readonly string[]).includes(body.data.event)) throw new OctoError("BAD_REQUEST", OCTO_MSG.webhookEvent);
    const problem = webhookUrlProblem(body.data.url, deps.config.octoWebhooks.addresses);
    if (problem) throw new OctoError("BAD_REQUEST", problem);
    if ((await webhooks.list(resellerId)).length >= MAX_WEBHOOKS_PER_RESELLER) throw new OctoError("BAD_REQUEST", OCTO_MSG.webhookLimit(MAX_WEBHOOKS_PER_RESELLER));
    return { url: body.data.url, event: body.data.event as WebhookEvent, retryOnError: body.data.retryOnError };
  }

  /** Every OCTO call: the reseller's key (looked up each time, so a revoked key fails at once) and its capabilities. */
  async function requireReseller(request: FastifyRequest, reply: FastifyReply) {
    const key = bearerToken(request);
    const reseller = key ? await octo.resellerForKey(key) : null;
    if (!reseller) throw new OctoError("UNAUTHORIZED", OCTO_MSG.unauthorized, {}, 401);
    const asked = String(request.headers["octo-capabilities"] ?? "")
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    const pricing = asked.includes(PRICING_CAPABILITY);
    reply.header("Octo-Capabilities", pricing ? PRICING_CAPABILITY : "");
    request.octo = { reseller, pricing };
  }
  const caller = (request: FastifyRequest) => request.octo!;

  await app.register(async (octoApp) => {
    octoApp.addHook("preHandler", requireReseller);
    type Uuid = { Params: { uuid: string } };

    octoApp.get("/octo/supplier", async () => service.supplier());
    octoApp.get("/octo/products", async (request) => service.products(caller(request)));
    octoApp.get<{ Params: { id: string } }>("/octo/products/:id", async (request) => service.oneProduct(caller(request), request.params.id));
    octoApp.post("/octo/availability/calendar", async (request) => service.calendar(caller(request), octoBody(CalendarBody, request.body)));
    octoApp.post("/octo/availability", async (request) => service.availability(caller(request), octoBody(AvailabilityBody, request.body)));
    octoApp.post("/octo/bookings", async (request) => service.reserve(caller(request), octoBody(BookingBody, request.body)));
    octoApp.get("/octo/bookings", async (request) => service.list(caller(request), octoBody(BookingsQuery, request.query)));
    octoApp.get<Uuid>("/octo/bookings/:uuid", async (request) => service.get(caller(request), request.params.uuid));
    octoApp.patch<Uuid>("/octo/bookings/:uuid", async (request) => service.update(caller(request), request.params.uuid, octoBody(PatchBody, request.body)));
    octoApp.post<Uuid>("/octo/bookings/:uuid/confirm", async (request) =>
      service.confirm(caller(request), request.params.uuid, octoBody(ConfirmBody, request.body)),
    );
    octoApp.post<Uuid>("/octo/bookings/:uuid/extend", async (request) =>
      service.extend(caller(request), request.params.uuid, octoBody(ExtendBody, request.body)),
    );
    octoApp.post<Uuid>("/octo/bookings/:uuid/cancel", async (request) =>
      service.cancel(caller(request), request.params.uuid, octoBody(CancelBody, request.body)),
    );
    octoApp.delete<Uuid>("/octo/bookings/:uuid", async (request) =>
      service.cancel(caller(request), request.params.uuid, octoBody(CancelBody, request.body)),
    );

    // OCTO's webhooks capability: the reseller's own subscriptions (docs/decisions/0025)
    octoApp.post("/octo/webhooks", async (request) => webhooks.register(caller(request).reseller.id, await checkedWebhook(caller(request).reseller.id, request.body)));
    octoApp.get("/octo/webhooks", async (request) => webhooks.list(caller(request).reseller.id));
    octoApp.delete<{ Params: { id: string } }>("/octo/webhooks/:id", async (request) => {
      const removed = await webhooks.remove(caller(request).reseller.id, request.params.id);
      if (!removed) throw new OctoError("BAD_REQUEST", OCTO_MSG.invalidWebhook, { id: request.params.id });
      return removed;
    });
  });

  // API keys are the Administrador's, like staff accounts
  const staff = { preHandler: requireRole("usuarios") };

  app.get("/api/revendedores", staff, async (request, reply) => {
    const params = listParamsOf(request) ?? { filter: {} };
    const page = await octo.resellerPage(params);
    return { succes: sendPage(reply, "revendedores", page.q, page.rows.map(toReseller), page.total) };
  });

  app.get<{ Params: { id: string } }>("/api/revendedores/find/:id", staff, async (request) => {
    const row = await octo.findReseller(parseId(request.params.id));
    if (!row) throw notFound(RESELLER_MSG.notFound);
    return { succes: toReseller(row) };
  });

  /** Creates a reseller and its key: the answer's `api_key` is the only time the key is shown. */
  app.post("/api/revendedores", staff, async (request) => {
    const { nombre } = parseBody(RevendedorCreateBody, request.body);
    const { row, key } = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const created = await createOctoRepository(tx).createReseller(nombre);
      await audit({ action: "create", resource: "revendedor", resourceId: created.row.id, after: toReseller(created.row) });
      return created;
    });
    return { succes: { ...toReseller(row), api_key: key } };
  });

  /** A reseller's webhooks with how their deliveries went (the panel's APIs screen). */
  app.get<{ Params: { id: string } }>("/api/revendedores/:id/webhooks", staff, async (request) => {
    const id = parseId(request.params.id);
    if (!(await octo.findReseller(id))) throw notFound(RESELLER_MSG.notFound);
    const counts = await webhooks.deliveryCounts(id);
    const none = { pendiente: 0, entregada: 0, fallida: 0, ultimoError: null };
    return { succes: (await webhooks.list(id)).map((w) => ({ ...w, entregas: counts.get(w.id) ?? none })) };
  });

  /** Staff set a webhook on a reseller, as the reseller would with POST /octo/webhooks. */
  app.post<{ Params: { id: string } }>("/api/revendedores/:id/webhooks", staff, async (request) => {
    const id = parseId(request.params.id);
    if (!(await octo.findReseller(id))) throw notFound(RESELLER_MSG.notFound);
    let input;
    try {
      input = await checkedWebhook(id, request.body);
    } catch (err) {
      if (err instanceof OctoError) throw new HttpError(400, { errors: [{ msg: (err.body as { errorMessage: string }).errorMessage }] });
      throw err;
    }
    const created = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const webhook = await webhooks.register(id, input, tx);
      await audit({ action: "create", resource: "revendedor", resourceId: id, after: { webhook: webhook.id, evento: webhook.event, url: webhook.url } });
      return webhook;
    });
    return { succes: created };
  });

  app.delete<{ Params: { id: string; webhookId: string } }>("/api/revendedores/:id/webhooks/:webhookId", staff, async (request) => {
    const id = parseId(request.params.id);
    const removed = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const webhook = await webhooks.remove(id, request.params.webhookId, tx);
      if (!webhook) throw notFound(OCTO_MSG.invalidWebhook);
      await audit({ action: "delete", resource: "revendedor", resourceId: id, before: { webhook: webhook.id, evento: webhook.event, url: webhook.url } });
      return webhook;
    });
    return { succes: removed };
  });

  /** Turns a key on or off (off: its next call gets 401) and sets its caps on holds. */
  app.put<{ Params: { id: string } }>("/api/revendedores/:id", staff, async (request) => {
    const { activo, expiracion_max_minutos, retencion_max_minutos } = parseBody(RevendedorUpdateBody, request.body);
    const id = parseId(request.params.id);
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const resellers = createOctoRepository(tx);
      const before = await resellers.findReseller(id);
      const limits = { ...(expiracion_max_minutos !== undefined ? { expiracion_max_minutos } : {}), ...(retencion_max_minutos !== undefined ? { retencion_max_minutos } : {}) };
      const after = before && (await resellers.updateReseller(id, { ...limits, ...(activo !== undefined ? { activo } : {}) }));
      if (!before || !after) throw notFound(RESELLER_MSG.notFound);
      await audit({ action: "update", resource: "revendedor", resourceId: id, before: toReseller(before), after: toReseller(after) });
      return after;
    });
    return { succes: toReseller(row) };
  });
};
