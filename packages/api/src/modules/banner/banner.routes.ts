import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { requireRole } from "../../http/auth.ts";
import { filesOf, prepareImages, readMultipart, storeThen } from "../../http/multipart.ts";
import { createBannerRepository, toBanner } from "./banner.repository.ts";
import { BANNER_MSG } from "./banner.messages.ts";

const BANNER_FILES = { min: 1, max: 1, missing: BANNER_MSG.imageRequired, tooMany: BANNER_MSG.oneImage };

export const bannerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const repo = createBannerRepository(deps.db);
  const staff = { preHandler: requireRole("catalogo") };

  // a bare array, no wrapper (contract quirk)
  app.get("/api/banner", async () => (await repo.all()).map(toBanner));

  app.post("/api/savebanner", staff, async (request) => {
    const form = await readMultipart(request);
    const files = filesOf(form, ["fotos", "fotos[]", "foto"], BANNER_FILES);
    const descripcion = (form.fields.descripcion ?? "").trim().slice(0, 500);
    const images = await prepareImages(deps.storage, files, "fotos");
    const { row, replaced } = await storeThen(deps.storage, images, "banner", ([url]) =>
      audited(deps.db, actorOf(request), async (tx, audit) => {
        const saved = await createBannerRepository(tx).replace(url!, descripcion);
        const before = saved.replaced[0];
        await audit({ action: "update", resource: "banner", before: before && toBanner(before), after: toBanner(saved.row) });
        return saved;
      }),
    );
    await deps.storage.remove(replaced.map((r) => r.url));
    return { succes: toBanner(row) };
  });

  // a GET that deletes (contract quirk); it still needs the bearer token
  app.get("/api/deletebanner", staff, async (request) => {
    const removed = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const gone = await createBannerRepository(tx).removeAll();
      if (gone[0]) await audit({ action: "delete", resource: "banner", before: toBanner(gone[0]) });
      return gone;
    });
    await deps.storage.remove(removed.map((r) => r.url));
    return { succes: removed.map(toBanner) };
  });
};
