import type { FastifyPluginAsync } from "fastify";
import { CiudadUpdateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { requireRole } from "../../http/auth.ts";
import { badRequest, fieldError, notFound, parseBody, parseId } from "../../http/errors.ts";
import { freetourIdFrom } from "../../http/fields.ts";
import { listHandler } from "../../http/list.ts";
import { filesOf, prepareImages, readMultipart, storeThen } from "../../http/multipart.ts";
import { PAIS_MSG } from "../pais/pais.messages.ts";
import { createPaisRepository } from "../pais/pais.repository.ts";
import { createCiudadesRepository, toCiudad } from "./ciudades.repository.ts";
import { CIUDAD_MSG } from "./ciudades.messages.ts";

const FOTO_RULES = { min: 1, max: 1, missing: CIUDAD_MSG.fotoRequired, tooMany: CIUDAD_MSG.oneFoto };

export const ciudadesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const repo = createCiudadesRepository(deps.db);
  const paises = createPaisRepository(deps.db);
  const staff = { preHandler: requireRole("catalogo") };

  async function assertPais(countryId: number): Promise<void> {
    if (!(await paises.find(countryId))) throw badRequest([fieldError(PAIS_MSG.notFound, "pais", countryId)]);
  }

  app.get("/api/ciudades/index", listHandler("ciudades", repo, toCiudad));

  app.get<{ Params: { paisId: string } }>("/api/ciudades/find/:paisId", async (request) => {
    const countryId = parseId(request.params.paisId, "paisId");
    if (!(await paises.find(countryId))) throw notFound(PAIS_MSG.notFound);
    return { succes: (await repo.byPais(countryId)).map(toCiudad) };
  });

  app.get<{ Params: { id: string } }>("/api/ciudades/findciudad/:id", async (request) => {
    const row = await repo.find(parseId(request.params.id));
    if (!row) throw notFound(CIUDAD_MSG.notFound);
    return { succes: toCiudad(row) };
  });

  app.post("/api/ciudades/create", staff, async (request) => {
    const form = await readMultipart(request);
    const body = parseBody(CiudadUpdateBody, form.fields);
    const files = filesOf(form, "foto", FOTO_RULES);
    await assertPais(body.pais);
    const images = await prepareImages(deps.storage, files, "foto");
    const row = await storeThen(deps.storage, images, "ciudades", ([imagen]) =>
      audited(deps.db, actorOf(request), async (tx, audit) => {
        const created = await createCiudadesRepository(tx).create({ ...body, freetour_id: body.freetour_id ?? null, imagen: imagen! });
        await audit({ action: "create", resource: "ciudades", resourceId: created.id, after: toCiudad(created) });
        return created;
      }),
    );
    return { succes: toCiudad(row) };
  });

  app.put<{ Params: { id: string } }>("/api/ciudades/update/:id", staff, async (request) => {
    const id = parseId(request.params.id);
    const body = parseBody(CiudadUpdateBody, request.body);
    if (!(await repo.find(id))) throw notFound(CIUDAD_MSG.notFound);
    await assertPais(body.pais);
    const values = { ...body, freetour_id: freetourIdFrom(request.body, body.freetour_id) };
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const txRepo = createCiudadesRepository(tx);
      const before = await txRepo.find(id);
      const after = before && (await txRepo.update(id, values));
      if (!before || !after) throw notFound(CIUDAD_MSG.notFound);
      await audit({ action: "update", resource: "ciudades", resourceId: id, before: toCiudad(before), after: toCiudad(after) });
      return after;
    });
    return { succes: toCiudad(row) };
  });

  app.put<{ Params: { id: string } }>("/api/ciudades/updateImage/:id", staff, async (request) => {
    const id = parseId(request.params.id);
    const form = await readMultipart(request);
    const before = await repo.find(id);
    if (!before) throw notFound(CIUDAD_MSG.notFound);
    const images = await prepareImages(deps.storage, filesOf(form, "foto", FOTO_RULES), "foto");
    const row = await storeThen(deps.storage, images, "ciudades", async ([imagen]) => {
      return audited(deps.db, actorOf(request), async (tx, audit) => {
        const updated = await createCiudadesRepository(tx).setImage(id, imagen!);
        if (!updated) throw notFound(CIUDAD_MSG.notFound);
        await audit({ action: "update", resource: "ciudades", resourceId: id, before: toCiudad(before), after: toCiudad(updated) });
        return updated;
      });
    });
    await deps.storage.remove([before.imagen]);
    return { succes: toCiudad(row) };
  });

  app.delete<{ Params: { id: string } }>("/api/ciudades/delete/:id", staff, async (request) => {
    const id = parseId(request.params.id);
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const gone = await createCiudadesRepository(tx).remove(id);
      if (!gone) throw notFound(CIUDAD_MSG.notFound);
      await audit({ action: "delete", resource: "ciudades", resourceId: id, before: toCiudad(gone) });
      return gone;
    });
    await deps.storage.remove([row.imagen]);
    return { succes: toCiudad(row) };
  });
};
