import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { RevendedorCreateBody, RevendedorUpdateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { bearerToken, requireRole } from "../../http/auth.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { notFound, parseBody, parseId } from "../../http/errors.ts";
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
} from "./octo.schemas.ts";
import { OCTO_MSG, OctoError, RESELLER_MSG } from "./octo.messages.ts";
import { createOctoService, type OctoCaller } from "./octo.service.ts";
import type { RevendedorRow } from "./octo.table.ts";

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

/** The OCTO supplier API under /octo (docs/decisions/0008) and the panel's calls for reseller keys. */
export const octoRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const jobs = deps.jobs;
  const octo = createOctoRepository(deps.db, jobs);
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
  });
  app.decorateRequest("octo", null);

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
