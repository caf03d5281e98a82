// zod's own messages in Spanish in this process (packages/contract/src/server.ts)
import "@tours/contract/server";
import { mkdirSync } from "node:fs";
import Fastify, { type FastifyInstance } from "fastify";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import { sql } from "drizzle-orm";
import { MAX_PHOTOS_PER_SELECTION } from "@tours/domain";
import {
  MAX_IMAGE_BYTES,
  isSafeKey,
  type ObjectStore,
} from "./adapters/storage/index.ts";
import { MAX_MULTIPART_FIELDS } from "./http/multipart.ts";
import type { AppDeps } from "./deps.ts";
import { silentNotifier } from "./notifications/notifier.ts";
import { createTokenService } from "./auth/tokens.ts";
import { registerConditionalGets } from "./http/conditional.ts";
import { REDACTED } from "@tours/domain/log-redaction";
import { serializeRequest } from "./http/redact.ts";
import { HTTP_MSG, HttpError, fieldError, forbiddenCharacter, hasNulCharacter, registerErrorHandling } from "./http/errors.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { createStaffUserRepository } from "./modules/auth/auth.repository.ts";
import { createStaffAuthService } from "./modules/auth/auth.service.ts";
import { usuariosRoutes } from "./modules/auth/usuarios.routes.ts";
import { auditoriaRoutes } from "./modules/auditoria/auditoria.routes.ts";
import { paisRoutes } from "./modules/pais/pais.routes.ts";
import { ciudadesRoutes } from "./modules/ciudades/ciudades.routes.ts";
import { tourRoutes } from "./modules/tour/tour.routes.ts";
import { horarioRoutes } from "./modules/tour/horario.routes.ts";
import { comentarioRoutes } from "./modules/tour/comentario.routes.ts";
import { rewardsRoutes } from "./modules/rewards/rewards.routes.ts";
import { ayudaRoutes } from "./modules/ayuda/ayuda.routes.ts";
import { bannerRoutes } from "./modules/banner/banner.routes.ts";
import { compraRoutes } from "./modules/compra/compra.routes.ts";
import { codigosRoutes } from "./modules/codigos/codigos.routes.ts";
import { tarjetasRoutes } from "./modules/tarjetas/tarjetas.routes.ts";
import { freeToursRoutes } from "./modules/freetours/freetours.routes.ts";
import { webhookRoutes } from "./modules/webhooks/webhooks.routes.ts";
import { salidasRoutes } from "./modules/salidas/salidas.routes.ts";
import { guiasRoutes } from "./modules/salidas/guias.routes.ts";
import { openApiRoutes } from "./modules/openapi/openapi.routes.ts";
import { octoRoutes } from "./modules/octo/octo.routes.ts";
import { reservasRoutes } from "./modules/reservas/reservas.routes.ts";
import { hoyRoutes } from "./modules/hoy/hoy.routes.ts";
import { vitalsRoutes } from "./modules/vitals/vitals.routes.ts";
import { busquedaRoutes } from "./modules/busqueda/busqueda.routes.ts";
import { sitemapRoutes } from "./modules/sitemap/sitemap.routes.ts";
import { listaEsperaRoutes } from "./modules/lista-espera/lista-espera.routes.ts";

/** buildApp's input: the clock defaults to the system clock, the notifier to silentNotifier (nothing is sent). */
export type AppOptions = Omit<AppDeps, "now" | "notifier"> & Partial<Pick<AppDeps, "now" | "notifier">>;

/** JSON bodies up to 1 MB (tour descriptions included); uploads have their own multipart limits. */
const JSON_BODY_LIMIT = 1024 * 1024;
const UPLOAD_CACHE = { maxAge: 365 * 24 * 60 * 60 * 1000, immutable: true, index: false, list: false } as const;

/**
 * Uploaded images at /uploads/… and /api/uploads/… (the two image bases of api-contract.md): straight from the
 * disk when they are local files, otherwise read from the object store, so that any API process serves any upload.
 */
async function serveUploads(app: FastifyInstance, objects: ObjectStore): Promise<void> {
  if (objects.localRoot) {
    mkdirSync(objects.localRoot, { recursive: true });
    await app.register(fastifyStatic, { root: objects.localRoot, prefix: "/uploads/", ...UPLOAD_CACHE });
    await app.register(fastifyStatic, { root: objects.localRoot, prefix: "/api/uploads/", decorateReply: false, ...UPLOAD_CACHE });
    return;
  }
  for (const prefix of ["/uploads/", "/api/uploads/"]) {
    app.get(`${prefix}*`, async (request, reply) => {
      const key = (request.params as { "*": string })["*"];
      const found = isSafeKey(key) ? await objects.get(key) : null;
      if (!found) return reply.callNotFound();
      // stored names are never reused (a new upload gets a new uuid), so the answer can be cached for good
      reply
        .header("Content-Type", found.contentType)
        .header("Content-Length", found.length)
        .header("Last-Modified", found.lastModified.toUTCString())
        .header("Cache-Control", `public, max-age=${UPLOAD_CACHE.maxAge / 1000}, immutable`);
      if (found.etag) reply.header("ETag", found.etag);
      return reply.send(found.body);
    });
  }
}

/** The whole HTTP API, without listening: server.ts listens, tests call it with `app.inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const deps: AppDeps = { ...options, now, notifier: options.notifier ?? silentNotifier };
  const { config } = deps;

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ["req.headers.authorization", "req.headers.cookie"], censor: REDACTED },
      serializers: { req: serializeRequest },
    },
    // a hop count trusts that many proxies in front of us (closest first)
    trustProxy: typeof config.trustProxy === "number" ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: {
      // the contract has both "/api/tour/update/" and "/api/tour/index": accept either spelling
      ignoreTrailingSlash: true,
      // ids in paths never need more; longer params are refused before they reach a handler
      maxParamLength: 200,
    },
  });

  registerErrorHandling(app);

  // an empty JSON body (a DELETE from a client that always sets Content-Type) is "no body", not an error
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    defaultJson(request, text, (err, parsed) => {
      if (err) return done(new HttpError(400, { errors: [fieldError(HTTP_MSG.invalidJson)] }), undefined);
      if (hasNulCharacter(parsed)) return done(forbiddenCharacter(), undefined);
      done(null, parsed);
    });
  });
  registerConditionalGets(app);
  // NUL in a path or query string: refused before routing (PostgreSQL text cannot hold it)
  app.addHook("onRequest", async (request) => {
    if (/%00/i.test(request.url) || request.url.includes("\u0000")) throw forbiddenCharacter();
  });

  await app.register(helmet, {
    // images and JSON are read by the storefront and the panel on other origins
    crossOriginResourcePolicy: { policy: "cross-origin" },
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], imgSrc: ["'self'"], frameAncestors: ["'none'"] } },
  });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
    allowedHeaders: ["Authorization", "Content-Type"],
    exposedHeaders: ["Content-Range"],
    maxAge: 600,
  });
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_PHOTOS_PER_SELECTION,
      // readMultipart refuses the 51st field itself (busboy's own limit surfaces as a stream error)
      fields: MAX_MULTIPART_FIELDS + 10,
      fieldSize: JSON_BODY_LIMIT,
      parts: MAX_PHOTOS_PER_SELECTION + MAX_MULTIPART_FIELDS + 10,
      headerPairs: 200,
    },
  });

  await serveUploads(app, deps.storage.objects);

  const users = createStaffUserRepository(deps.db);
  const auth = createStaffAuthService(users, createTokenService(config.jwtSecret, config.tokenTtlSeconds, now));
  app.decorate("staffAuth", auth);
  app.decorateRequest("staff", null);

  app.get("/api/health", async (_request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      return { status: "ok", database: "ok" };
    } catch (err) {
      app.log.error({ err }, "health check: database unavailable");
      return reply.code(503).send({ status: "error", database: "unavailable" });
    }
  });

  await app.register(authRoutes, { auth, db: deps.db, now, notifier: deps.notifier });
  await app.register(usuariosRoutes, { deps });
  await app.register(auditoriaRoutes, { deps });
  await app.register(paisRoutes, { deps });
  await app.register(ciudadesRoutes, { deps });
  await app.register(tourRoutes, { deps });
  await app.register(horarioRoutes, { deps });
  await app.register(comentarioRoutes, { deps });
  await app.register(rewardsRoutes, { deps });
  await app.register(ayudaRoutes, { deps });
  await app.register(bannerRoutes, { deps });
  await app.register(compraRoutes, { deps });
  await app.register(codigosRoutes, { deps });
  await app.register(tarjetasRoutes, { deps });
  await app.register(freeToursRoutes, { deps });
  await app.register(webhookRoutes, { deps });
  await app.register(salidasRoutes, { deps });
  await app.register(guiasRoutes, { deps });
  await app.register(octoRoutes, { deps });
  await app.register(reservasRoutes, { deps });
  await app.register(hoyRoutes, { deps });
  await app.register(vitalsRoutes, { deps });
  await app.register(busquedaRoutes, { deps });
  await app.register(sitemapRoutes, { deps });
  await app.register(listaEsperaRoutes, { deps });
  await app.register(openApiRoutes, { serverUrl: config.publicApiUrl });

  return app;
}
