import type { FastifyPluginAsync } from "fastify";
import { HorarioCreateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { requireRole } from "../../http/auth.ts";
import { HttpError, fieldError, issuesToErrors, notFound, parseId } from "../../http/errors.ts";
import { listHandler } from "../../http/list.ts";
import { createHorarioRepository, toHorario } from "./horario.repository.ts";
import { createTourRepository } from "./tour.repository.ts";
import { TOUR_MSG } from "./tour.messages.ts";

/** Schedule creation answers its 400 one level down: `{error: {errors: [...]}}` (a contract quirk). */
function horarioBadRequest(errors: unknown[]): HttpError {
  return new HttpError(400, { error: { errors } });
}

export const horarioRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const horarios = createHorarioRepository(deps.db);
  const tours = createTourRepository(deps.db);
  const staff = { preHandler: requireRole("catalogo") };
  const catalogueReader = { preHandler: requireRole("catalogo.ver") };

  app.get<{ Params: { tourId: string } }>("/api/tour/horario/find/:tourId", async (request) => {
    const tourId = parseId(request.params.tourId, "tourId");
    if (!(await tours.exists(tourId))) throw notFound(TOUR_MSG.notFound);
    return { succes: (await horarios.byTour(tourId)).map(toHorario) };
  });

  app.get("/api/tour/horario/index", catalogueReader, listHandler("horario", horarios, toHorario));

  app.post("/api/tour/horario/create/", staff, async (request) => {
    const parsed = HorarioCreateBody.safeParse(request.body ?? {});
    if (!parsed.success) throw horarioBadRequest(issuesToErrors(parsed.error, "body", request.body));
    if (!(await tours.exists(parsed.data.tour_id))) {
      throw horarioBadRequest([fieldError(TOUR_MSG.notFound, "tour_id", parsed.data.tour_id)]);
    }
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const created = await createHorarioRepository(tx).create(parsed.data);
      await audit({ action: "create", resource: "horario", resourceId: created.tourId, after: toHorario(created) });
      return created;
    });
    return { succes: toHorario(row) };
  });

  app.delete<{ Params: { id: string } }>("/api/tour/horario/delete/:id", staff, async (request) => {
    const id = parseId(request.params.id);
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const gone = await createHorarioRepository(tx).remove(id);
      if (!gone) throw notFound(TOUR_MSG.horarioNotFound);
      // schedules are a part of their tour: the entry goes in the tour's history
      await audit({ action: "delete", resource: "horario", resourceId: gone.tourId, before: toHorario(gone) });
      return gone;
    });
    return { succes: toHorario(row) };
  });
};
