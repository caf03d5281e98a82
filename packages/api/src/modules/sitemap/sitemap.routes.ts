import type { FastifyPluginAsync } from "fastify";
import { SITEMAP_TIPOS, type SitemapTipo } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { notFound, parseId } from "../../http/errors.ts";
import { createSitemapRepository } from "./sitemap.repository.ts";
import { SITEMAP_MSG } from "./sitemap.messages.ts";

const isTipo = (value: string): value is SitemapTipo => (SITEMAP_TIPOS as readonly string[]).includes(value);

/** The sitemap's public reads (issue 26): the paged files, and one page of ids with their lastmod. */
export const sitemapRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const repo = createSitemapRepository(deps.db);

  app.get("/api/sitemap", async () => ({ succes: await repo.files() }));

  app.get<{ Params: { tipo: string; pagina: string } }>("/api/sitemap/:tipo/:pagina", async (request) => {
    const { tipo } = request.params;
    const pagina = parseId(request.params.pagina, "pagina");
    if (!isTipo(tipo)) throw notFound(SITEMAP_MSG.unknownTipo);
    return { succes: await repo.page(tipo, pagina) };
  });
};
