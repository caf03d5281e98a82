import type { FastifyPluginAsync } from "fastify";
import { ComentarioCreateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { createRateLimiter, publicLimits } from "../limits/rate-limiter.ts";
import { badRequest, fieldError, notFound, parseBody, parseId } from "../../http/errors.ts";
import { createComentarioRepository, toComentario } from "./comentario.repository.ts";
import { createTourRepository } from "./tour.repository.ts";
import { TOUR_MSG } from "./tour.messages.ts";

export const comentarioRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const limiter = createRateLimiter(deps.db, deps.now);
  const limits = publicLimits(deps.config);
  const comentarios = createComentarioRepository(deps.db);
  const tours = createTourRepository(deps.db);

  app.get<{ Params: { tourId: string } }>("/api/tour/comentario/index/:tourId", async (request) => {
    const tourId = parseId(request.params.tourId, "tourId");
    if (!(await tours.exists(tourId))) throw notFound(TOUR_MSG.notFound);
    const rows = await comentarios.byTour(tourId);
    return { succes: rows.map((row) => toComentario(row, { maskEmail: true })) };
  });

  app.post("/api/tour/comentario", async (request) => {
    const body = parseBody(ComentarioCreateBody, request.body);
    await limiter.enforce(limits.comentario, request);
    if (!(await tours.exists(body.id_tour))) throw badRequest([fieldError(TOUR_MSG.notFound, "id_tour", body.id_tour)]);
    // the author gets their own comment back; the public list masks it
    return { succes: toComentario(await comentarios.create(body), { maskEmail: false }) };
  });
};
