import type { FastifyPluginAsync } from "fastify";
import { CambioFechaBody, CheckinBody, ReservaCambioBody, ReservaCambioConfirmarBody, ReembolsarBody, ReservaCancelarBody, ReservaConsultaBody } from "@tours/contract";
import { fromCents } from "@tours/domain";
import type { AppDeps } from "../../deps.ts";
import { requireRole } from "../../http/auth.ts";
import { parseBody, parseId } from "../../http/errors.ts";
import { actorOf } from "../auditoria/auditoria.ts";
import { createRateLimiter } from "../limits/rate-limiter.ts";
import { startOwedRefunds } from "./cambio-fecha.reembolso.ts";
import { createCambioFechaService } from "./cambio-fecha.service.ts";
import { type CancelResult, createCancelacionService } from "./cancelacion.service.ts";
import { createCheckinService } from "./checkin.service.ts";
import { reservaByPin } from "./reserva.access.ts";
import { GUIA_ROL, assertOwnDeparture } from "../salidas/guias.ts";
import { toReserva } from "./reserva.serialize.ts";

function cancelAnswer(result: CancelResult) {
  return {
    succes: toReserva(result.view),
    reembolso: { id: result.reembolso.id, monto: fromCents(result.reembolso.montoCents), estado: result.reembolso.estado, a_tarjeta: fromCents(result.reembolso.cardCents) },
  };
}

/** "Mi reserva" (reference + PIN), staff refunds and check-in (docs/decisions/0013-self-service-cancellation.md). */
export const reservasRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const now = deps.now;
  const limiter = createRateLimiter(deps.db, now);
  const cancelacion = createCancelacionService({
    db: deps.db,
    payments: deps.payments,
    notifier: deps.notifier,
    now,
    log: app.log,
    businessTimezone: deps.config.businessTimezone,
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
  });
  const checkin = createCheckinService({ db: deps.db, now });
  const cambio = createCambioFechaService({
    db: deps.db,
    payments: deps.payments,
    notifier: deps.notifier,
    now,
    log: app.log,
    storefrontUrl: deps.config.storefrontUrl,
    ...(deps.jobs ? { jobs: deps.jobs } : {}),
  });
  // a date change's owed refund runs on the job queue, in whichever process takes it
  if (deps.jobs) await startOwedRefunds({ db: deps.db, payments: deps.payments, now, log: app.log, jobs: deps.jobs });

  app.post("/api/reserva/consulta", async (request) => {
    const { referencia, pin } = parseBody(ReservaConsultaBody, request.body);
    return { succes: toReserva(await reservaByPin(deps.db, limiter, request, referencia, pin, now(), deps.notifier)) };
  });

  app.post("/api/reserva/cancelar", async (request) => {
    const { referencia, pin, linea } = parseBody(ReservaCancelarBody, request.body);
    const view = await reservaByPin(deps.db, limiter, request, referencia, pin, now(), deps.notifier);
    return cancelAnswer(await cancelacion.cancel({ orderId: view.orderId, linea, por: "cliente", actor: actorOf(request, null) }));
  });

  // a date change (docs/decisions/0013 "Cambio de fecha"): preview, change, and the return from PayPal
  app.post("/api/reserva/cambio/consulta", async (request) => {
    const { referencia, pin, linea, fecha, hora } = parseBody(ReservaCambioBody, request.body);
    const view = await reservaByPin(deps.db, limiter, request, referencia, pin, now(), deps.notifier);
    return { succes: await cambio.preview({ orderId: view.orderId, linea, fecha, hora, por: "cliente" }) };
  });
  app.post("/api/reserva/cambio", async (request) => {
    const { referencia, pin, linea, fecha, hora } = parseBody(ReservaCambioBody, request.body);
    const view = await reservaByPin(deps.db, limiter, request, referencia, pin, now(), deps.notifier);
    return cambio.change({ orderId: view.orderId, linea, fecha, hora, por: "cliente" });
  });
  app.post("/api/reserva/cambio/confirmar", async (request) => {
    const { referencia, pin, token } = parseBody(ReservaCambioConfirmarBody, request.body);
    const view = await reservaByPin(deps.db, limiter, request, referencia, pin, now(), deps.notifier);
    return cambio.confirm(view.orderId, token);
  });
  app.post<{ Params: { id: string } }>("/api/compra/cambio-fecha/:id", { preHandler: requireRole("pedidos") }, async (request) => {
    const id = parseId(request.params.id);
    const { linea, fecha, hora } = parseBody(CambioFechaBody, request.body);
    return cambio.change({ orderId: id, linea, fecha, hora, por: "staff", actor: actorOf(request) });
  });

  app.post<{ Params: { id: string } }>("/api/compra/reembolsar/:id", { preHandler: requireRole("pedidos") }, async (request) => {
    const id = parseId(request.params.id);
    const { linea, motivo, a_tarjeta_nueva } = parseBody(ReembolsarBody, request.body);
    return cancelAnswer(
      await cancelacion.cancel({ orderId: id, linea, motivo: motivo ?? null, por: "staff", actor: actorOf(request), aTarjetaNueva: a_tarjeta_nueva === true }),
    );
  });

  // sales answer the buyers, guides run the departures: both check travellers in
  const checkinRoles = { preHandler: requireRole("pedidos", "salidas") };
  app.get("/api/checkin/consulta", checkinRoles, async (request) => {
    const { referencia, salida } = parseBody(CheckinBody, request.query, "query");
    await assertOwnDeparture(deps.db, request.staff, salida);
    return { succes: await checkin.consulta(referencia, salida, request.staff?.rol === GUIA_ROL) };
  });
  app.post("/api/checkin", checkinRoles, async (request) => {
    const { referencia, salida } = parseBody(CheckinBody, request.body);
    await assertOwnDeparture(deps.db, request.staff, salida);
    return { succes: await checkin.registrar(referencia, salida, actorOf(request), request.staff?.rol === GUIA_ROL) };
  });
};
