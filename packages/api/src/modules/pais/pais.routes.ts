import type { FastifyPluginAsync } from "fastify";
import { PaisUpdateBody } from "@tours/contract";
import type { AppDeps } from "../../deps.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { requireRole } from "../../http/auth.ts";
import { notFound, parseBody, parseId } from "../../http/errors.ts";
import { freetourIdFrom } from "../../http/fields.ts";
import { listHandler } from "../../http/list.ts";
import { filesOf, prepareImages, readMultipart, storeThen } from "../../http/multipart.ts";
import { createPaisRepository, toPais } from "./pais.repository.ts";
import { createResumenCache, paisResumen } from "./resumen.ts";
import { PAIS_MSG } from "./pais.messages.ts";

const FOTO_RULES = { min: 1, max: 1, missing: PAIS_MSG.fotoRequired, tooMany: PAIS_MSG.oneFoto };

export const paisRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const repo = createPaisRepository(deps.db);
  const staff = { preHandler: requireRole("catalogo") };

  app.get("/api/pais/index", listHandler("pais", repo, toPais));

  const resumen = createResumenCache(() => paisResumen(deps.db, deps.freeTours, app.log), deps.now);
  app.get("/api/pais/resumen", async () => ({ succes: await resumen() }));

  app.get<{ Params: { id: string } }>("/api/pais/find/:id", async (request) => {
    const row = await repo.find(parseId(request.params.id));
    if (!row) throw notFound(PAIS_MSG.notFound);
    return { succes: toPais(row) };
  });

  app.post("/api/pais/create", staff, async (request) => {
    const form = await readMultipart(request);
    const body = parseBody(PaisUpdateBody, form.fields);
    const images = await prepareImages(deps.storage, filesOf(form, "foto", FOTO_RULES), "foto");
    const row = await storeThen(deps.storage, images, "paises", ([imagen]) =>
      audited(deps.db, actorOf(request), async (tx, audit) => {
        const created = await createPaisRepository(tx).create({ ...body, freetour_id: body.freetour_id ?? null, imagen: imagen! });
        await audit({ action: "create", resource: "pais", resourceId: created.id, after: toPais(created) });
        return created;
      }),
    );
    return { succes: toPais(row) };
  });

  app.put<{ Params: { id: string } }>("/api/pais/update/:id", staff, async (request) => {
    const id = parseId(request.params.id);
    const body = parseBody(PaisUpdateBody, request.body);
    const values = { ...body, freetour_id: freetourIdFrom(request.body, body.freetour_id) };
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const txRepo = createPaisRepository(tx);
      const before = await txRepo.find(id);
      const after = before && (await txRepo.update(id, values));
      if (!before || !after) throw notFound(PAIS_MSG.notFound);
      await audit({ action: "update", resource: "pais", resourceId: id, before: toPais(before), after: toPais(after) });
      return after;
    });
    return { succes: toPais(row) };
  });

  app.put<{ Params: { id: string } }>("/api/pais/updateImage/:id", staff, async (request) => {
    const id = parseId(request.params.id);
    const form = await readMultipart(request);
    const before = await repo.find(id);
    if (!before) throw notFound(PAIS_MSG.notFound);
    const images = await prepareImages(deps.storage, filesOf(form, "foto", FOTO_RULES), "foto");
    const row = await storeThen(deps.storage, images, "paises", async ([imagen]) => {
      return audited(deps.db, actorOf(request), async (tx, audit) => {
        const updated = await createPaisRepository(tx).setImage(id, imagen!);
        if (!updated) throw notFound(PAIS_MSG.notFound);
        await audit({ action: "update", resource: "pais", resourceId: id, before: toPais(before), after: toPais(updated) });
        return updated;
      });
    });
    await deps.storage.remove([before.imagen]);
    return { succes: toPais(row) };
  });

  app.delete<{ Params: { id: string } }>("/api/pais/delete/:id", staff, async (request) => {
    const id = parseId(request.params.id);
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const gone = await createPaisRepository(tx).remove(id);
      if (!gone) throw notFound(PAIS_MSG.notFound);
      await audit({ action: "delete", resource: "pais", resourceId: id, before: toPais(gone) });
      return gone;
    });
    await deps.storage.remove([row.imagen]);
    return { succes: toPais(row) };
  });
};
