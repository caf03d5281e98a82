import type { FastifyPluginAsync } from "fastify";
import { FechaSchema, HorarioCupoBody, MesSchema, SalidaCancelarBody, SalidaCierreBody, SalidaCupoBody, rangeToOffsetLimit } from "@tours/contract";
import { addDays, departureKey, fromCents, parseDepartureKey, personsOf, wallClock, zonedTimeToUtc } from "@tours/domain";
import type { AppDeps } from "../../deps.ts";
import { requireRole } from "../../http/auth.ts";
import { actorOf, audited } from "../auditoria/auditoria.ts";
import { HttpError, badRequest, fieldError, notFound, parseBody, parseId } from "../../http/errors.ts";
import { listParamsOf, sendPage } from "../../http/list.ts";
import { createHorarioRepository, toHorario } from "../tour/horario.repository.ts";
import { TOUR_MSG } from "../tour/tour.messages.ts";
import { createSalidasRepository } from "./salidas.repository.ts";
import { describeDeparture, monthAvailability, toSalida } from "./salidas.service.ts";
import { SALIDA_MSG } from "./salidas.messages.ts";
import { GUIA_ROL, notTheirs } from "./guias.ts";
import { startDepartureCancellations } from "./cancelar-salida.ts";
import { recordPlacesFreed } from "../plazas/plazas-liberadas.ts";

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const MAX_PAGE = 500;
/** Departures are always listed by date and time; these are the filters the Salidas screen sends. */
const SALIDA_FILTERS = ["tour_id", "desde", "hasta", "q", "con_reservas"];
const SALIDA_SORTS = ["fecha", "hora", "id"];

/** Capacity and departures: the public availability of a tour, and the panel's departures (docs/decisions/0007). */
export const salidasRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const repo = createSalidasRepository(deps.db);
  const horarios = createHorarioRepository(deps.db);
  const now = () => deps.now();
  // Guía and Ventas see the departures and who comes; Administrador and Ventas change them (places, closing), a
  // Guía does not (docs/decisions/0016-the-operators-day.md); a horario's own capacity is part of the schedule,
  // Contenido's (docs/decisions/0010-staff-roles-and-audit.md)
  const departuresReader = { preHandler: requireRole("salidas", "pedidos") };
  const departureWriter = { preHandler: requireRole("salidas.gestionar") };
  const scheduleWriter = { preHandler: requireRole("catalogo") };

  // a whole departure's cancellation: its refunds run on the job queue, in whichever process takes them
  const cancellations = deps.jobs
    ? await startDepartureCancellations({ db: deps.db, jobs: deps.jobs, payments: deps.payments, notifier: deps.notifier, now, log: app.log })
    : null;

  async function tourTimes(tourId: number) {
    const tour = await repo.tourTimes(tourId);
    if (!tour) throw notFound(TOUR_MSG.notFound);
    return tour;
  }

  function departureFromKey(key: string) {
    const parsed = parseDepartureKey(key);
    if (!parsed) throw badRequest([fieldError(SALIDA_MSG.badKey, "salidaId", key, "params")]);
    return parsed;
  }

  app.get<{ Params: { tourId: string }; Querystring: { mes?: string } }>("/api/tour/disponibilidad/:tourId", async (request) => {
    const tour = await tourTimes(parseId(request.params.tourId, "tourId"));
    const mes = request.query.mes ? MesSchema.safeParse(request.query.mes) : null;
    if (mes && !mes.success) throw badRequest([fieldError(SALIDA_MSG.badMonth, "mes", request.query.mes, "query")]);
    const [year, month] = (mes?.data ?? wallClock(now(), tour.zona).date.slice(0, 7)).split("-").map(Number) as [number, number];
    return { succes: await monthAvailability(repo, tour, year, month, now()) };
  });

  app.get("/api/salidas", departuresReader, async (request, reply) => {
    const params = listParamsOf(request);
    const filter = (params?.filter ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(filter)) {
      if (!SALIDA_FILTERS.includes(key)) throw badRequest([fieldError(`No se puede filtrar por ${key}`, "filter", key, "query")]);
    }
    if (params?.sort && !SALIDA_SORTS.includes(params.sort[0])) {
      throw badRequest([fieldError(`No se puede ordenar por ${params.sort[0]}`, "sort", params.sort[0], "query")]);
    }
    const today = wallClock(now(), deps.config.businessTimezone).date;
    const from = filter.desde ? parseBody(FechaSchema, filter.desde, "query") : today;
    const to = filter.hasta ? parseBody(FechaSchema, filter.hasta, "query") : addDays(from, DEFAULT_DAYS - 1);
    if (to < from) throw badRequest([fieldError(SALIDA_MSG.rangeInverted, "filter", filter.hasta, "query")]);
    if (addDays(from, MAX_DAYS - 1) < to) throw badRequest([fieldError(SALIDA_MSG.rangeTooLong, "filter", filter.hasta, "query")]);
    const tourId = filter.tour_id === undefined || filter.tour_id === "" ? undefined : parseId(String(filter.tour_id), "tour_id");
    const q = typeof filter.q === "string" && filter.q.trim() ? filter.q.trim() : undefined;
    const { offset, limit } = rangeToOffsetLimit(params?.range ?? [0, 99]);
    const guiaId = request.staff?.rol === GUIA_ROL ? request.staff.id : undefined;
    // "con reservas": only departures with places sold or held (the Salidas screen's default, issue 22)
    const conReservas = filter.con_reservas === true || filter.con_reservas === "true" || filter.con_reservas === 1;
    const page = await repo.list({ tourId, from, to, q, guiaId, conReservas }, { offset, limit: Math.min(MAX_PAGE, limit) }, now());
    return { succes: sendPage(reply, "salidas", { offset }, page.rows.map((r) => toSalida(r, now())), page.total) };
  });

  app.get<{ Params: { salidaId: string } }>("/api/salidas/find/:salidaId", departuresReader, async (request) => {
    const { tourId, date, hora } = departureFromKey(request.params.salidaId);
    // a Guía sees only the departures assigned to them (guias.ts)
    if (await notTheirs(deps.db, request.staff, request.params.salidaId)) throw notFound(SALIDA_MSG.notFound);
    const found = await repo.find(tourId, date, hora, now());
    if (!found) throw notFound(SALIDA_MSG.notFound);
    return { succes: toSalida(found, now()) };
  });

  app.get<{ Params: { salidaId: string } }>("/api/salidas/manifiesto/:salidaId", departuresReader, async (request) => {
    const { tourId, date, hora } = departureFromKey(request.params.salidaId);
    // a Guía sees only the departures assigned to them (guias.ts)
    if (await notTheirs(deps.db, request.staff, request.params.salidaId)) throw notFound(SALIDA_MSG.notFound);
    const found = await repo.find(tourId, date, hora, now());
    if (!found) throw notFound(SALIDA_MSG.notFound);
    const [lines, tour] = await Promise.all([repo.manifest(tourId, date, hora, now()), repo.tourTimes(tourId)]);
    const fin = tour?.duracionMinutos ? wallClock(new Date(zonedTimeToUtc(date, hora, found.zona).getTime() + tour.duracionMinutos * 60_000), found.zona) : null;
    return {
      succes: {
        salida: toSalida(found, now()),
        duracion_minutos: tour?.duracionMinutos ?? null,
        fin: fin ? { fecha: fin.date, hora: fin.hora } : null,
        pedidos: lines.map((l) => ({
          pedido: l.pedido,
          linea: l.linea,
          referencia: l.referencia,
          comentario: l.comentario?.trim() ? l.comentario.trim() : null,
          checkin_at: l.checkin_at ? l.checkin_at.toISOString() : null,
          estado: l.estado,
          nombre: l.nombre,
          apellido: l.apellido,
          email: l.email,
          telefono: l.telefono,
          telefonorespaldo: l.telefonorespaldo,
          mayores15: l.mayores15,
          menoresde15_a4: l.menoresde15_a4,
          menores3: l.menores3,
          mascotas: l.mascotas,
          personas: personsOf(l),
          valor_total: fromCents(l.valor_total_cents),
          retenido_hasta: l.estado === "pendiente" && l.hold_expires_at ? l.hold_expires_at.toISOString() : null,
        })),
      },
    };
  });

  app.put("/api/salidas/cupo", departureWriter, async (request) => {
    const body = parseBody(SalidaCupoBody, request.body);
    const tour = await tourTimes(body.tour_id);
    const found = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const departures = createSalidasRepository(tx);
      const before = await departures.find(body.tour_id, body.fecha, body.hora, now());
      const result = await departures.setDepartureCapacity(body.tour_id, body.fecha, body.hora, body.cupo, now());
      if (!result.ok) {
        const msg = SALIDA_MSG.belowTaken(result.capacity, result.taken, describeDeparture(body.fecha, body.hora, tour.zona));
        throw new HttpError(409, { errors: [fieldError(msg, "cupo", body.cupo)] });
      }
      const after = (await departures.find(body.tour_id, body.fecha, body.hora, now()))!;
      // more places than before (or unlimited): an event of places freed (docs/decisions/0023)
      if (raised(effectiveCapacity(before), effectiveCapacity(after))) {
        await recordPlacesFreed(tx, deps.jobs, await departures.departureIdsFrom(body.tour_id, body.fecha, { fecha: body.fecha, hora: body.hora }), "cupo");
      }
      const key = departureKey(body.tour_id, body.fecha, body.hora);
      await audit({ action: "update", resource: "salida", resourceId: key, before: capacityOf(before), after: capacityOf(after) });
      return after;
    });
    return { succes: toSalida(found, now()) };
  });

  app.put("/api/salidas/cierre", departureWriter, async (request) => {
    const body = parseBody(SalidaCierreBody, request.body);
    await tourTimes(body.tour_id);
    await audited(deps.db, actorOf(request), async (tx, audit) => {
      const departures = createSalidasRepository(tx);
      if (body.hora) await departures.closeDeparture(body.tour_id, body.fecha, body.hora, body.cerrada);
      else await departures.closeDate(body.tour_id, body.fecha, body.cerrada);
      // reopened: its places can be sold (and offered) again, an event (docs/decisions/0023)
      if (!body.cerrada) {
        const ids = await departures.departureIdsFrom(body.tour_id, body.fecha, { fecha: body.fecha, ...(body.hora ? { hora: body.hora } : {}) });
        await recordPlacesFreed(tx, deps.jobs, ids, "reapertura");
      }
      await audit({
        action: body.cerrada ? "close" : "reopen",
        resource: body.hora ? "salida" : "fecha",
        resourceId: body.hora ? departureKey(body.tour_id, body.fecha, body.hora) : `${body.tour_id}-${body.fecha}`,
        before: { cerrada: !body.cerrada },
        after: { cerrada: body.cerrada },
      });
    });
    return { succes: { tour_id: body.tour_id, fecha: body.fecha, hora: body.hora ?? null, cerrada: body.cerrada } };
  });

  app.post("/api/salidas/cancelar", departureWriter, async (request) => {
    const body = parseBody(SalidaCancelarBody, request.body);
    await tourTimes(body.tour_id);
    if (!cancellations) throw new HttpError(503, { errors: [fieldError(SALIDA_MSG.noQueue, "salida")] });
    return {
      succes: await cancellations.cancelDeparture({ tourId: body.tour_id, fecha: body.fecha, hora: body.hora, motivo: body.motivo, actor: actorOf(request) }),
    };
  });

  app.put<{ Params: { id: string } }>("/api/tour/horario/update/:id", scheduleWriter, async (request) => {
    const id = parseId(request.params.id);
    const body = parseBody(HorarioCupoBody, request.body);
    const schedule = await horarios.find(id);
    if (!schedule) throw notFound(TOUR_MSG.horarioNotFound);
    const tour = await tourTimes(schedule.tourId);
    const row = await audited(deps.db, actorOf(request), async (tx, audit) => {
      const result = await createSalidasRepository(tx).setScheduleCapacity(id, body.cupo, wallClock(now(), tour.zona).date, now());
      if (!result) throw notFound(TOUR_MSG.horarioNotFound);
      if (!result.ok) {
        const msg = SALIDA_MSG.belowTaken(body.cupo!, result.taken, describeDeparture(result.fecha, schedule.horaInicio, tour.zona));
        throw new HttpError(409, { errors: [fieldError(msg, "cupo", body.cupo)] });
      }
      // more places on the departures that follow this horario: an event each (docs/decisions/0023)
      if (raised(schedule.cupo, body.cupo ?? null)) {
        const today = wallClock(now(), tour.zona).date;
        const ids = await createSalidasRepository(tx).departureIdsFrom(schedule.tourId, today, { hora: schedule.horaInicio, ownCapacity: false });
        await recordPlacesFreed(tx, deps.jobs, ids, "cupo");
      }
      // a horario is a part of its tour: the entry goes in the tour's history, like the schedule's other changes
      await audit({ action: "update", resource: "horario", resourceId: schedule.tourId, before: toHorario(schedule), after: toHorario(result.row) });
      return result.row;
    });
    return { succes: toHorario(row) };
  });
};

/** The capacity a departure has (its own, else its horarios'); null: unlimited. */
function effectiveCapacity(found: { cupoSalida: number | null; cupoHorario: number | null } | null): number | null {
  return found ? (found.cupoSalida ?? found.cupoHorario) : null;
}

/** Whether a capacity change gives more places (null: unlimited). */
function raised(before: number | null, after: number | null): boolean {
  if (after === null) return before !== null;
  return before !== null && after > before;
}

/** What a capacity change changes, for the audit log. */
function capacityOf(found: { cupoSalida: number | null; cerrada: boolean } | null) {
  return found ? { cupo: found.cupoSalida, cerrada: found.cerrada } : null;
}
