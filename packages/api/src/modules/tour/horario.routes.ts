import type { FastifyPluginAsync } from "fastify";
import { HorarioCreateBody } from "@tours/contract";
import type { AppDeps } from "../../app.ts";
import { requireStaff } from "../../http/auth.ts";
import { HttpError, fieldError, issuesToErrors, notFound, parseId } from "../../http/errors.ts";
import { listParamsOf, sendPage } from "../../http/list.ts";
import { createHorarioRepository, toHorario } from "./horario.repository.ts";
import { createTourRepository } from "./tour.repository.ts";
import { TOUR_MSG } from "./tour.service.ts";

/** Schedule creation answers its 400 one level down: `{error: {errors: [...]}}` (a contract quirk). */
function horarioBadRequest(errors: unknown[]): HttpError {
  return new HttpError(400, { error: { errors } });
}

export const horarioRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const horarios = createHorarioRepository(deps.db);
  const tours = createTourRepository(deps.db);
  const staff = { preHandler: requireStaff };

  app.get<{ Params: { tourId: string } }>("/api/tour/horario/find/:tourId", async (request) => {
    const tourId = parseId(request.params.tourId, "tourId");
    if (!(await tours.exists(tourId))) throw notFound(TOUR_MSG.notFound);
    return { succes: (await horarios.byTour(tourId)).map(toHorario) };
  });

  app.get("/api/tour/horario/index", staff, async (request, reply) => {
    const params = listParamsOf(request);
    if (!params) return { succes: (await horarios.all()).map(toHorario) };
    const page = await horarios.page(params);
    return { succes: sendPage(reply, "horario", page.q, page.rows.map(toHorario), page.total) };
  });

  app.post("/api/tour/horario/create/", staff, async (request) => {
    const parsed = HorarioCreateBody.safeParse(request.body ?? {});
    if (!parsed.success) throw horarioBadRequest(issuesToErrors(parsed.error, "body", request.body));
    if (!(await tours.exists(parsed.data.tour_id))) {
      throw horarioBadRequest([fieldError(TOUR_MSG.notFound, "tour_id", parsed.data.tour_id)]);
    }
    return { succes: toHorario(await horarios.create(parsed.data)) };
  });

  app.delete<{ Params: { id: string } }>("/api/tour/horario/delete/:id", staff, async (request) => {
    const row = await horarios.remove(parseId(request.params.id));
    if (!row) throw notFound(TOUR_MSG.horarioNotFound);
    return { succes: toHorario(row) };
  });
};
