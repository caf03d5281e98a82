import type { FastifyPluginAsync } from "fastify";
import { ListaEsperaBajaBody, ListaEsperaBody, ListaEsperaOfertaBody } from "@tours/contract";
import { parseDepartureKey, personsOf } from "@tours/domain";
import type { AppDeps } from "../../deps.ts";
import { requireRole } from "../../http/auth.ts";
import { HttpError, badRequest, fieldError, notFound, parseBody, parseId } from "../../http/errors.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { createCompraRepository } from "../compra/compra.repository.ts";
import { checkDia } from "../compra/compra.dates.ts";
import { createRateLimiter, publicLimits, type Limit } from "../limits/rate-limiter.ts";
import { startPlacesFreed } from "../plazas/plazas-liberadas.ts";
import { webhooksOnPlacesFreed } from "../octo/octo.webhooks.ts";
import { SALIDA_MSG } from "../salidas/salidas.messages.ts";
import { ESPERA_ESTADO_ES, ESPERA_MSG } from "./lista-espera.messages.ts";
import { departureId, listForDeparture } from "./lista-espera.repository.ts";
import { createListaEspera } from "./lista-espera.service.ts";

/** Per address (e-mail) and minute: a few joins, whatever the client's address. */
const PER_EMAIL: Limit = { name: "lista-espera-correo", max: 3, windowMs: 60_000 };

/** The waiting list (docs/decisions/0023): joining and leaving it, its offers, and the panel's view of a departure's list. */
export const listaEsperaRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const now = () => deps.now();
  const limiter = createRateLimiter(deps.db, now);
  const perClient: Limit = { ...publicLimits(deps.config).ayuda, name: "lista-espera" };
  const compra = createCompraRepository(deps.db, now);
  const lista = createListaEspera({
    db: deps.db,
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
    payments: deps.payments,
    now,
    log: app.log,
    offerHours: deps.config.waitlistOfferHours,
    storefrontUrl: deps.config.storefrontUrl,
  });
  // freed places are handled on the job queue, in whichever process takes them: the waiting list takes them first,
  // then the resellers' webhooks hear of the departure's availability (decision 0025)
  if (deps.jobs) {
    await startPlacesFreed({ db: deps.db, jobs: deps.jobs, now, log: app.log, consumers: [lista.onPlacesFreed, webhooksOnPlacesFreed(deps.jobs)] });
  }

  const departuresReader = { preHandler: requireRole("salidas", "pedidos") };
  const departureWriter = { preHandler: requireRole("salidas.gestionar") };

  app.post("/api/lista-espera", async (request) => {
    const body = parseBody(ListaEsperaBody, request.body);
    await limiter.enforce(perClient, request);
    if (!(await limiter.hit(PER_EMAIL, body.email.toLowerCase()))) throw new HttpError(429, { errors: [fieldError(ESPERA_MSG.tooMany, "email")] });
    const tour = (await compra.toursForPricing([body.tour_id])).get(body.tour_id);
    if (!tour) throw badRequest([fieldError("El tour no existe", "tour_id", body.tour_id)]);
    const dia = checkDia(body.dia, tour, now());
    if (!dia.ok) throw badRequest([fieldError(dia.msg, "dia", body.dia)]);
    const travellers = { mayores15: body.mayores_15, menoresde15_a4: body.de_4_15, menores3: body.menores_3, mascotas: body.mascotas };
    const max = deps.config.holdLimits.personsPerOrder;
    if (personsOf(travellers) > max) throw badRequest([fieldError(ESPERA_MSG.tooManyPersons(max), "mayores_15")]);
    await lista.join({ tourId: tour.id, fecha: dia.date, hora: dia.hora, email: body.email, travellers });
    return { succes: { mensaje: ESPERA_MSG.joined } };
  });

  app.post("/api/lista-espera/baja", async (request) => {
    const { token } = parseBody(ListaEsperaBajaBody, request.body);
    await lista.leave(token);
    return { succes: { mensaje: ESPERA_MSG.left } };
  });

  app.get<{ Params: { token: string } }>("/api/lista-espera/oferta/:token", async (request) => {
    return { succes: await lista.offerView(request.params.token) };
  });

  app.post("/api/lista-espera/oferta", async (request) => {
    const body = parseBody(ListaEsperaOfertaBody, request.body);
    return {
      succes: await lista.accept(body.token, {
        nombre: body.nombre,
        apellido: body.apellido,
        telefono: String(body.telefono),
        direccion: body.direccion ?? "",
        nit: body.nit ?? "",
      }),
    };
  });

  app.get<{ Params: { salidaId: string } }>("/api/salidas/lista-espera/:salidaId", departuresReader, async (request) => {
    const parsed = parseDepartureKey(request.params.salidaId);
    if (!parsed) throw badRequest([fieldError(SALIDA_MSG.badKey, "salidaId", request.params.salidaId, "params")]);
    const id = await departureId(deps.db, parsed.tourId, parsed.date, parsed.hora);
    const rows = id === null ? [] : await listForDeparture(deps.db, id);
    const at = now();
    return {
      succes: rows.map((r, i) => {
        // an offer paid, or lapsed before its event was handled, is shown as it is now
        const estado =
          r.estado === "ofrecida" && r.pedidoEstado === "pagado"
            ? "usada"
            : r.estado === "ofrecida" && (r.pedidoEstado !== "pendiente" || (r.ofertaHasta !== null && r.ofertaHasta <= at))
              ? "vencida"
              : r.estado;
        return {
          id: r.id,
          orden: i + 1,
          email: r.email,
          mayores15: r.mayores15,
          menoresde15_a4: r.menoresde15_a4,
          menores3: r.menores3,
          mascotas: r.mascotas,
          personas: personsOf(r),
          estado,
          estado_texto: ESPERA_ESTADO_ES[estado],
          pedido: r.pedidoId,
          ofrecida_at: r.ofrecidaAt?.toISOString() ?? null,
          oferta_hasta: r.ofertaHasta?.toISOString() ?? null,
          ofrecida_por_staff: r.porStaff,
          created_at: r.createdAt.toISOString(),
        };
      }),
    };
  });

  app.post<{ Params: { entradaId: string } }>("/api/salidas/lista-espera/ofrecer/:entradaId", departureWriter, async (request) => {
    const id = parseId(request.params.entradaId, "entradaId");
    const done = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const result = await lista.offerByHand(id, tx);
      await audit({
        action: "ofrecer",
        resource: "lista_espera",
        resourceId: id,
        before: { estado: result.before },
        after: { estado: "ofrecida", oferta_hasta: result.until.toISOString() },
      });
      return result;
    });
    if (!done) throw notFound(ESPERA_MSG.notFound);
    return { succes: { id, estado: "ofrecida", oferta_hasta: done.until.toISOString() } };
  });
};
