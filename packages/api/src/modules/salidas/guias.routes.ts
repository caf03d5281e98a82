import type { FastifyPluginAsync } from "fastify";
import { SalidaGuiasBody } from "@tours/contract";
import { parseDepartureKey } from "@tours/domain";
import type { AppDeps } from "../../deps.ts";
import { requireRole } from "../../http/auth.ts";
import { badRequest, fieldError, parseBody } from "../../http/errors.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { activeGuides, guidesOf, setGuides } from "./guias.ts";
import { SALIDA_MSG } from "./salidas.messages.ts";

/**
 * A departure's guides: read and replaced by Administrador and Ventas (they plan who runs each departure with its
 * bookings in view; the `pedidos` permission), never by a Guía.
 */
export const guiasRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const planner = { preHandler: requireRole("pedidos") };

  function keyOf(departureId: string) {
    const key = parseDepartureKey(departureId);
    if (!key) throw badRequest([fieldError(SALIDA_MSG.badKey, "salidaId", departureId, "params")]);
    return key;
  }

  app.get<{ Params: { salidaId: string } }>("/api/salidas/guias/:salidaId", planner, async (request) => {
    const key = keyOf(request.params.salidaId);
    const [asignados, disponibles] = await Promise.all([guidesOf(deps.db, key), activeGuides(deps.db)]);
    return { succes: { salida: request.params.salidaId, guias: asignados, disponibles } };
  });

  app.put<{ Params: { salidaId: string } }>("/api/salidas/guias/:salidaId", planner, async (request) => {
    const key = keyOf(request.params.salidaId);
    const { guias } = parseBody(SalidaGuiasBody, request.body);
    await audited(deps.db, actorOf(request), async (tx, audit) => {
      const { before, after } = await setGuides(tx, key, guias);
      await audit({ action: "update", resource: "salida", resourceId: request.params.salidaId, before: { guias: before }, after: { guias: after } });
    });
    return { succes: { salida: request.params.salidaId, guias: await guidesOf(deps.db, key), disponibles: await activeGuides(deps.db) } };
  });
};
