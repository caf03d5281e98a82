import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { rolCan } from "../../auth/roles.ts";
import { requireRole } from "../../http/auth.ts";
import { GUIA_ROL } from "../salidas/guias.ts";
import { loadHoy } from "./hoy.repository.ts";

/** GET /api/hoy: the panel's first screen in one call (issue 22). A Guía sees their departures only, no money. */
export const hoyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get("/api/hoy", { preHandler: requireRole("salidas", "pedidos") }, async (request) => {
    const staff = request.staff!;
    return {
      succes: await loadHoy(deps.db, {
        now: deps.now(),
        zone: deps.config.businessTimezone,
        guiaId: staff.rol === GUIA_ROL ? staff.id : undefined,
        withMoney: rolCan(staff.rol, "pedidos"),
      }),
    };
  });
};
