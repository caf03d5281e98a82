import type { FastifyPluginAsync } from "fastify";
import { TourFields, TourUpdateBody } from "@tours/contract";
import { MAX_PHOTOS_PER_SELECTION } from "@tours/domain";
import type { AppDeps } from "../../deps.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { requireRole } from "../../http/auth.ts";
import { badRequest, fieldError, notFound, parseBody, parseId } from "../../http/errors.ts";
import { listHandler } from "../../http/list.ts";
import { filesOf, prepareImages, readMultipart, storeThen } from "../../http/multipart.ts";
import { freeTourBlockForCity } from "../freetours/city-block.ts";
import { CIUDAD_MSG } from "../ciudades/ciudades.messages.ts";
import { createCiudadesRepository } from "../ciudades/ciudades.repository.ts";
import { createFotosRepository, toFoto } from "./fotos.repository.ts";
import { createTourRepository, toTour } from "./tour.repository.ts";
import { cityPageOf, tourValuesFrom } from "./tour.service.ts";
import { TOUR_MSG } from "./tour.messages.ts";

const CREATE_FOTOS = { min: 1, max: MAX_PHOTOS_PER_SELECTION, missing: TOUR_MSG.fotosRequired, tooMany: TOUR_MSG.fotosTooMany };
const SAVE_FOTOS = { min: 1, max: MAX_PHOTOS_PER_SELECTION, missing: TOUR_MSG.saveNone, tooMany: TOUR_MSG.saveTooMany };
/** Clients send `fotos` or `fotos[]` (FormData with a repeated key). */
const FOTOS_FIELDS = ["fotos", "fotos[]"];

export const tourRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const tours = createTourRepository(deps.db);
  const fotos = createFotosRepository(deps.db);
  const ciudades = createCiudadesRepository(deps.db);
  const staff = { preHandler: requireRole("catalogo") };
  const catalogueReader = { preHandler: requireRole("catalogo.ver") };

  async function assertTour(id: number): Promise<void> {
    if (!(await tours.exists(id))) throw notFound(TOUR_MSG.notFound);
  }

  app.get("/api/tour/index", listHandler("tour", tours, toTour));

  app.get<{ Params: { id: string } }>("/api/tour/find/:id", async (request) => {
    const row = await tours.find(parseId(request.params.id));
    if (!row) throw notFound(TOUR_MSG.notFound);
    return { succes: [toTour(row)] };
  });

  app.get<{ Params: { ciudadId: string }; Querystring: Record<string, unknown> }>("/api/tour/index/ciudad/:ciudadId", async (request) => {
    const ciudad = await ciudades.find(parseId(request.params.ciudadId, "ciudadId"));
    if (!ciudad) throw notFound(CIUDAD_MSG.notFound);
    const paging = cityPageOf(request.query);
    const freetourBlock = freeTourBlockForCity(deps.freeTours, { freetour_id: ciudad.freetourId }, request.log);
    if (!paging) {
      const [local, freetour] = await Promise.all([tours.byCiudad(ciudad.id), freetourBlock]);
      return { succes: local.map(toTour), freetour };
    }
    const { pagina, porPagina, orden } = paging;
    const [page, freetour] = await Promise.all([
      tours.byCiudadPage(ciudad.id, { offset: (pagina - 1) * porPagina, limit: porPagina, orden }),
      freetourBlock,
    ]);
    const paginacion = { pagina, por_pagina: porPagina, orden, total: page.total, paginas: Math.ceil(page.total / porPagina) };
    return { succes: page.rows.map(toTour), freetour, paginacion };
  });

  app.get<{ Params: { tourId: string } }>("/api/tour/index/fotos/:tourId", async (request) => {
    const tourId = parseId(request.params.tourId, "tourId");
    await assertTour(tourId);
    return { succes: (await fotos.byTour(tourId)).map(toFoto) };
  });

  app.post("/api/tour/create", staff, async (request) => {
    const form = await readMultipart(request);
    const fields = parseBody(TourFields, form.fields);
    const files = filesOf(form, FOTOS_FIELDS, CREATE_FOTOS);
    const values = await tourValuesFrom(fields, ciudades);
    const images = await prepareImages(deps.storage, files, "fotos");
    const row = await storeThen(deps.storage, images, "tours", (urls) =>
      audited(deps.db, actorOf(request), async (tx, audit) => {
        const created = await createTourRepository(tx).create(values, urls);
        await audit({ action: "create", resource: "tour", resourceId: created.tour.id, after: toTour(created) });
        return created;
      }),
    );
    return { succes: toTour(row) };
  });

  app.post("/api/tour/update/", staff, async (request) => {
    const body = parseBody(TourUpdateBody, request.body);
    await assertTour(body.id);
    const values = await tourValuesFrom(body, ciudades);
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const repo = createTourRepository(tx);
      const before = await repo.find(body.id);
      const after = before && (await repo.update(body.id, values));
      if (!before || !after) throw notFound(TOUR_MSG.notFound);
      await audit({ action: "update", resource: "tour", resourceId: body.id, before: toTour(before), after: toTour(after) });
      return after;
    });
    return { succes: toTour(row) };
  });

  app.delete<{ Params: { id: string } }>("/api/tour/delete/:id", staff, async (request) => {
    const id = parseId(request.params.id);
    const removed = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const gone = await createTourRepository(tx).remove(id);
      if (!gone) throw notFound(TOUR_MSG.notFound);
      await audit({ action: "delete", resource: "tour", resourceId: id, before: toTour(gone.tour) });
      return gone;
    });
    await deps.storage.remove(removed.fotoUrls);
    return { succes: toTour(removed.tour) };
  });

  app.get<{ Params: { tourId: string } }>("/api/tour/imagenes/:tourId", catalogueReader, async (request) => {
    const tourId = parseId(request.params.tourId, "tourId");
    await assertTour(tourId);
    return { imagenes: (await fotos.byTour(tourId)).map(toFoto) };
  });

  app.post("/api/tour/saveimagen", staff, async (request) => {
    const form = await readMultipart(request);
    const raw = form.fields.id ?? "";
    if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1) {
      throw badRequest([fieldError("El id del tour es obligatorio", "id", raw)]);
    }
    const tourId = Number(raw);
    const files = filesOf(form, FOTOS_FIELDS, SAVE_FOTOS);
    await assertTour(tourId);
    const images = await prepareImages(deps.storage, files, "fotos");
    const rows = await storeThen(deps.storage, images, "tours", (urls) =>
      audited(deps.db, actorOf(request), async (tx, audit) => {
        const added = await createFotosRepository(tx).add(tourId, urls);
        await audit({ action: "create", resource: "fotos", resourceId: tourId, after: { fotos: added.map((f) => f.url) } });
        return added;
      }),
    );
    return { succes: rows.map(toFoto) };
  });

  app.delete<{ Params: { fotoId: string } }>("/api/tour/deleteimagen/:fotoId", staff, async (request) => {
    const photoId = parseId(request.params.fotoId, "fotoId");
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const gone = await createFotosRepository(tx).remove(photoId);
      if (!gone) throw notFound(TOUR_MSG.fotoNotFound);
      // photos are a part of their tour: the entry goes in the tour's history
      await audit({ action: "delete", resource: "fotos", resourceId: gone.tourId, before: { fotos: [gone.url] } });
      return gone;
    });
    await deps.storage.remove([row.url]);
    return { succes: toFoto(row) };
  });
};
