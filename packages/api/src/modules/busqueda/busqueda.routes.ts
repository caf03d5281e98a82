import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { createBusquedaRepository } from "./busqueda.repository.ts";
import { busquedaParamsOf } from "./busqueda.service.ts";

/** GET /api/busqueda (extension, issue 26): the catalogue search and the country, city and search pages' filters. */
export const busquedaRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const busqueda = createBusquedaRepository(deps.db);
  app.get("/api/busqueda", async (request) => ({ succes: await busqueda.search(busquedaParamsOf(request.query), deps.now()) }));
};
