import { and, eq, isNull } from "drizzle-orm";
import { CURRENCY, formatDia, formatUSD, fromCents, lineTotalCents, type TravellerCounts } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { HttpError, fieldError, notFound } from "../../http/errors.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { type AuditActor, recordAudit } from "../auditoria/auditoria.ts";
import { checkDia } from "../compra/compra.dates.ts";
import { createCompraRepository, type TourForPricing } from "../compra/compra.repository.ts";
import { approvalLinkOf } from "../compra/compra.service.ts";
import { pedidoLine, type PedidoLineRow } from "../compra/compra.table.ts";
import type { LineRefusal } from "../compra/retencion.ts";
import { describeDeparture } from "../salidas/salidas.service.ts";
import { moveOrderLine, MoveRefused } from "./cambio-de-fecha.ts";
import { captureDifference, refundOwed, retryOwedRefunds, type DineroDeps } from "./cambio-fecha.dinero.ts";
import { placesLeft } from "./cambio-fecha.plazas.ts";
import { queueOwedRefund } from "./cambio-fecha.reembolso.ts";
import { cambioFecha, type CambioFechaRow } from "./cambio-fecha.table.ts";
import { type ReservaLinea, type ReservaView, loadReservaView } from "./reserva.view.ts";
import { CAMBIO_MSG } from "./reservas.messages.ts";
import { toReserva } from "./reserva.serialize.ts";
import { TARJETA_MSG } from "../tarjetas/tarjetas.messages.ts";

/**
 * Changing the date of one line of a paid booking (issue 21; docs/decisions/0013 "Cambio de fecha"), for the buyer
 * in "Mi reserva" and for staff. Same tour, same travellers; the new total comes from the one pricing function at
 * today's price of the tour. The same price moves at once; a cheaper departure moves and then refunds the
 * difference; a dearer one is paid through PayPal first (the buyer only: staff never charge, they move at no extra
 * charge). The move itself is reservas/cambio-de-fecha.ts (both departures locked, all or nothing); each change is a
 * `cambio_fecha` row, so every money path is kept and can be resumed.
 */

export interface CambioRequest {
  orderId: number;
  linea: number;
  /** "YYYY-MM-DD" and "HH:MM", the tour's local date and start. */
  fecha: string;
  hora: string;
  por: "cliente" | "staff";
  actor?: AuditActor;
}

export interface CambioDeps extends DineroDeps {
  notifier: Notifier;
  storefrontUrl: string;
  /** The job queue: an owed refund is queued with the move (cambio-fecha.reembolso.ts); without it, retried on visits. */
  jobs?: JobQueue;
}

const conflict = (msg: string, field = "fecha") => new HttpError(409, { errors: [fieldError(msg, field)] });

/** Why this line's date cannot be changed now (Spanish), or null. The buyer's window is the cancellation's. */
export function motivoNoCambiable(view: ReservaView, l: ReservaLinea, por: "cliente" | "staff", now: Date): string | null {
  if (l.canceladaAt) return CAMBIO_MSG.cancelled;
  if (view.estado === "reembolsado") return CAMBIO_MSG.refunded;
  if (!view.pagado) return CAMBIO_MSG.notPaid;
  if (view.canal === "octo") return CAMBIO_MSG.octo;
  // its money is split between a card and PayPal; a difference would have to be split too (decision 0024)
  if (view.tarjetaCents > 0) return por === "staff" ? TARJETA_MSG.dateChangeStaff : TARJETA_MSG.dateChange;
  if (por === "staff") return now.getTime() >= l.inicio.getTime() ? CAMBIO_MSG.started(l.tourNombre) : null;
  if (!l.reembolsable) return CAMBIO_MSG.notRefundable(l.tourNombre);
  return l.cancelable ? null : CAMBIO_MSG.tooLate(l.tourNombre, l.limiteTexto ?? "");
}

interface Decided {
  view: ReservaView;
  linea: ReservaLinea;
  row: PedidoLineRow;
  tour: TourForPricing;
  to: { date: string; hora: string; fecha: string };
  counts: TravellerCounts;
  quedan: number | null;
  valorCents: number;
  totalNuevoCents: number;
  diferenciaCents: number;
  /** "lunes, 30 de noviembre de 2026 a las 16:00 hora de Bogotá". */
  haciaTexto: string;
}

function refusalText(r: Pick<LineRefusal, "estado" | "quedan">, salida: string): string {
  if (r.estado === "cerrada") return CAMBIO_MSG.closed(salida);
  if (r.estado === "agotada" || !r.quedan) return CAMBIO_MSG.soldOut(salida);
  return CAMBIO_MSG.fewLeft(salida, r.quedan);
}

export function createCambioFechaService(deps: CambioDeps) {
  const { db, log } = deps;

  /** Checks the request against the booking, the tour's calendar and the new departure's room (no lock): or 409. */
  async function decide(req: CambioRequest, now: Date): Promise<Decided> {
    const view = await loadReservaView(db, { orderId: req.orderId }, now);
    if (!view) throw notFound(CAMBIO_MSG.notFound);
    const linea = view.lineas.find((l) => l.id === req.linea);
    if (!linea) throw notFound(CAMBIO_MSG.lineaNotFound);
    const why = motivoNoCambiable(view, linea, req.por, now);
    if (why) throw conflict(why, "linea");
    const tour = (await createCompraRepository(db).toursForPricing([linea.tourId])).get(linea.tourId);
    if (!tour) throw conflict(CAMBIO_MSG.closed(describeDeparture(req.fecha, req.hora, linea.zona)));
    const dia = checkDia(formatDia(req.fecha, req.hora), tour, now);
    if (!dia.ok) throw conflict(dia.msg);
    if (dia.date === linea.fecha && dia.hora === linea.hora) throw conflict(CAMBIO_MSG.sameDeparture);
    const haciaTexto = describeDeparture(dia.date, dia.hora, tour.zona);
    const [row] = await db.select().from(pedidoLine).where(eq(pedidoLine.id, linea.id));
    const counts = { mayores15: row!.mayores15, menoresde15_a4: row!.menoresde15_a4, menores3: row!.menores3, mascotas: row!.mascotas };
    const room = await placesLeft(db, tour.id, dia.date, dia.hora, counts, now);
    if (!room.ok) throw conflict(refusalText(room.refusal, haciaTexto));
    let valorCents = tour.precioCents;
    // a line bought with a discount code keeps the cents the code took off (decision 0021): it moves to the new
    // departure's catalogue total less that, so a departure of the same price costs nothing more
    let totalNuevoCents = Math.max(0, lineTotalCents(tour.precioCents, counts) - row!.descuento_cents);
    // staff never charge the buyer: a dearer departure keeps the price paid (decision 0013)
    if (req.por === "staff" && totalNuevoCents > linea.totalCents) {
      valorCents = row!.valor_cents;
      totalNuevoCents = linea.totalCents;
    }
    return {
      view, linea, row: row!, tour, counts, quedan: room.quedan, valorCents, totalNuevoCents, haciaTexto,
      to: { date: dia.date, hora: dia.hora, fecha: dia.fecha },
      diferenciaCents: totalNuevoCents - linea.totalCents,
    };
  }

  /** What the change would be. Opening it also retries any refund the booking's earlier changes still owe. */
  async function preview(req: CambioRequest) {
    await retryOwedRefunds(deps, req.orderId);
    const d = await decide(req, deps.now());
    return {
      linea: d.linea.id,
      tour_nombre: d.linea.tourNombre,
      desde_texto: `${d.linea.fechaTexto} a las ${d.linea.horaTexto}`,
      hacia_texto: d.haciaTexto,
      fecha: d.to.date,
      hora: d.to.hora,
      quedan: d.quedan,
      total_antes: fromCents(d.linea.totalCents),
      total_nuevo: fromCents(d.totalNuevoCents),
      diferencia: fromCents(d.diferenciaCents),
    };
  }

  /** The change's row as a message for the page, after whatever happened to it. */
  function mensaje(c: CambioFechaRow, zona: string): string {
    const salida = describeDeparture(c.hacia_fecha, c.hacia_hora, zona);
    const monto = formatUSD(Math.abs(c.diferencia_cents));
    if (c.estado === "por_pagar") return `Paga la diferencia de ${monto} en PayPal para confirmar el cambio a la salida del ${salida}.`;
    if (c.estado === "devuelto") return CAMBIO_MSG.devuelto(salida, monto);
    if (c.estado === "por_devolver") return CAMBIO_MSG.porDevolver(salida, monto);
    if (c.estado === "fallido") return c.error ?? CAMBIO_MSG.declined;
    if (c.estado === "anulado") return CAMBIO_MSG.anulado;
    if (c.por === "staff") {
      const base = CAMBIO_MSG.staffNoCharge(salida);
      return c.diferencia_cents < 0 ? `${base} Devolución de ${monto}: ${c.estado === "hecho" ? "hecha" : "pendiente, se reintenta"}.` : base;
    }
    if (c.estado === "reembolso_pendiente") return CAMBIO_MSG.doneRefundPending(salida, monto);
    if (c.diferencia_cents > 0) return CAMBIO_MSG.donePaid(salida, monto);
    if (c.diferencia_cents < 0) return CAMBIO_MSG.doneRefund(salida, monto);
    return CAMBIO_MSG.done(salida);
  }

  async function answer(c: CambioFechaRow, aprobarUrl: string | null = null) {
    const view = (await loadReservaView(db, { orderId: c.pedido_id }, deps.now()))!;
    const zona = view.lineas.find((l) => l.id === c.linea_id)?.zona ?? "UTC";
    return {
      succes: toReserva(view),
      cambio: { id: c.id, estado: c.estado, diferencia: fromCents(c.diferencia_cents), aprobar_url: aprobarUrl, mensaje: mensaje(c, zona) },
    };
  }

  async function announce(c: CambioFechaRow) {
    if (c.estado !== "hecho" && c.estado !== "reembolso_pendiente") return;
    try {
      await deps.notifier.dateChanged({ orderId: c.pedido_id, lineId: c.linea_id, dateChangeId: c.id });
      // staff hear of the buyer's own changes (their own are in Actividad)
      if (c.por === "cliente") await deps.notifier.bookingChanged({ orderId: c.pedido_id, lineIds: [c.linea_id], clave: `cambio_fecha:${c.id}` });
    } catch (err) {
      log.error({ err, cambio: c.id }, "date change e-mail could not be queued");
    }
  }

  /**
   * Moves the line under the locks of both departures and keeps the change's row in the same transaction (`row`:
   * an existing 'pagado' change, else a new one). Refused (no room, closed, line cancelled meanwhile) → the reason.
   */
  async function moveNow(req: Pick<CambioRequest, "orderId" | "por" | "actor">, d: Pick<Decided, "linea" | "counts" | "valorCents" | "totalNuevoCents" | "diferenciaCents" | "to" | "tour" | "haciaTexto">, paid?: CambioFechaRow) {
    const now = deps.now();
    const moved = await moveOrderLine(
      db,
      {
        orderId: req.orderId,
        lineId: d.linea.id,
        to: { tourId: d.tour.id, fecha: d.to.date, hora: d.to.hora, fecha_tour: d.to.fecha },
        counts: d.counts,
        valor_cents: d.valorCents,
        valor_total_cents: d.totalNuevoCents,
      },
      now,
      {
        check: async ({ tx, order, line }) => {
          if (line.cancelada_at) throw new MoveRefused(CAMBIO_MSG.cancelled);
          if (order.estado !== "pagado") throw new MoveRefused(CAMBIO_MSG.notPaid);
          if (paid) {
            const [c] = await tx.select().from(cambioFecha).where(eq(cambioFecha.id, paid.id)).for("update");
            if (c?.estado !== "pagado") throw new MoveRefused(CAMBIO_MSG.anulado);
            // the line changed since the difference was priced (another change, by staff or a second payment)
            if (line.valor_total_cents !== c.total_antes_cents || (c.desde_salida_id !== null && line.salida_id !== c.desde_salida_id)) {
              throw new MoveRefused(CAMBIO_MSG.anulado);
            }
          }
        },
        then: async ({ tx, line, from }) => {
          // a newer change replaces any difference still waiting for the buyer at PayPal
          await tx
            .update(cambioFecha)
            .set({ estado: "anulado", updatedAt: now })
            .where(and(eq(cambioFecha.linea_id, line.id), eq(cambioFecha.estado, "por_pagar")));
          const estado = d.diferenciaCents < 0 ? "reembolso_pendiente" : "hecho";
          let row: CambioFechaRow;
          if (paid) {
            [row] = (await tx.update(cambioFecha).set({ estado, desde_salida_id: from.departureId, hacia_salida_id: line.salida_id, updatedAt: now }).where(eq(cambioFecha.id, paid.id)).returning()) as [CambioFechaRow];
          } else {
            [row] = (await tx
              .insert(cambioFecha)
              .values({
                pedido_id: req.orderId, linea_id: line.id, desde_salida_id: from.departureId, hacia_salida_id: line.salida_id,
                hacia_fecha: d.to.date, hacia_hora: d.to.hora, total_antes_cents: d.linea.totalCents, total_nuevo_cents: d.totalNuevoCents,
                diferencia_cents: d.diferenciaCents, estado, por: req.por, staff_usuario_id: req.por === "staff" ? (req.actor?.id ?? null) : null,
                createdAt: now, updatedAt: now,
              })
              .returning()) as [CambioFechaRow];
          }
          // the owed refund is queued with the move: it commits with it, and the queue retries it until PayPal refunds
          if (estado === "reembolso_pendiente") await queueOwedRefund(deps.jobs, tx, row.id);
          if (req.por === "staff" && req.actor) {
            await recordAudit(tx, req.actor, {
              action: "cambio_fecha",
              resource: "pedido",
              resourceId: req.orderId,
              before: { linea: line.id, salida: d.linea.salidaClave, fecha: `${d.linea.fechaTexto} a las ${d.linea.horaTexto}`, total: formatUSD(d.linea.totalCents) },
              after: { linea: line.id, salida: `${d.tour.id}-${d.to.date.replaceAll("-", "")}-${d.to.hora.replace(":", "")}`, fecha: d.haciaTexto, total: formatUSD(d.totalNuevoCents), cambio: row.id },
            });
          }
          return row;
        },
      },
    ).catch((err: unknown) => {
      if (err instanceof MoveRefused) return { ok: false as const, reason: err.reason };
      throw err;
    });
    if (moved.ok) return { ok: true as const, row: moved.value };
    return { ok: false as const, reason: "reason" in moved ? moved.reason : refusalText(moved.refusal, d.haciaTexto) };
  }

  /** The buyer (or staff) asks for the change: moved now, or a PayPal payment of the difference started. */
  async function change(req: CambioRequest) {
    await retryOwedRefunds(deps, req.orderId);
    const d = await decide(req, deps.now());
    if (d.diferenciaCents > 0) return startPayment(req, d);
    const moved = await moveNow(req, d);
    if (!moved.ok) throw conflict(moved.reason);
    log.info({ pedido: req.orderId, linea: d.linea.id, cambio: moved.row.id, diferencia: d.diferenciaCents, por: req.por }, "booking line moved");
    const row = moved.row.estado === "reembolso_pendiente" ? await refundOwed(deps, moved.row.id) : moved.row;
    await announce(row);
    return answer(row);
  }

  async function startPayment(req: CambioRequest, d: Decided) {
    const now = deps.now();
    // one difference waits at PayPal per line: an earlier one not paid yet can no longer be captured
    await db
      .update(cambioFecha)
      .set({ estado: "anulado", updatedAt: now })
      .where(and(eq(cambioFecha.linea_id, d.linea.id), eq(cambioFecha.estado, "por_pagar"), isNull(cambioFecha.capture_claimed_at)));
    const [c] = await db
      .insert(cambioFecha)
      .values({
        pedido_id: req.orderId, linea_id: d.linea.id, desde_salida_id: d.linea.departureId, hacia_fecha: d.to.date, hacia_hora: d.to.hora,
        total_antes_cents: d.linea.totalCents, total_nuevo_cents: d.totalNuevoCents, diferencia_cents: d.diferenciaCents,
        estado: "por_pagar", por: "cliente", createdAt: now, updatedAt: now,
      })
      .returning();
    const fail = async () => {
      await db.update(cambioFecha).set({ estado: "fallido", error: CAMBIO_MSG.createFailed, updatedAt: deps.now() }).where(eq(cambioFecha.id, c!.id));
      return new HttpError(502, { errors: [fieldError(CAMBIO_MSG.createFailed, "fecha")] });
    };
    let url: string | null;
    try {
      const order = await deps.payments.createOrder({
        requestId: `cambio-${c!.id}-orden`,
        referenceId: `cambio-${c!.id}`,
        totalCents: d.diferenciaCents,
        currency: CURRENCY,
        description: `Cambio de fecha de la reserva ${d.view.referencia}: ${d.linea.tourNombre}`,
        returnUrl: `${deps.storefrontUrl}/mi-reserva?cambio=${c!.id}`,
        cancelUrl: `${deps.storefrontUrl}/mi-reserva?cambio=${c!.id}&cancelado=1`,
      });
      url = approvalLinkOf(order);
      if (!url) throw await fail();
      await db.update(cambioFecha).set({ paypal_order_id: order.id }).where(eq(cambioFecha.id, c!.id));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      log.error({ err, cambio: c!.id }, "PayPal order for a date change's difference could not be created");
      throw await fail();
    }
    return answer({ ...c!, estado: "por_pagar" }, url);
  }

  /** Back from PayPal: captures the difference once, then moves (or refunds it when the departure filled up). Idempotent. */
  async function confirm(orderId: number, token: string) {
    const [found] = await db.select().from(cambioFecha).where(eq(cambioFecha.paypal_order_id, token));
    if (!found || found.pedido_id !== orderId) throw notFound(CAMBIO_MSG.notFound);
    await retryOwedRefunds(deps, orderId);
    let c = found;
    for (let step = 0; step < 4; step++) {
      [c] = (await db.select().from(cambioFecha).where(eq(cambioFecha.id, c.id))) as [CambioFechaRow];
      if (c.estado === "fallido") throw conflict(c.error ?? CAMBIO_MSG.declined);
      if (c.estado === "anulado") throw conflict(CAMBIO_MSG.anulado);
      if (c.estado === "por_pagar") {
        const captured = await captureDifference(deps, c, CAMBIO_MSG.declined);
        if (captured.kind === "busy") throw conflict(CAMBIO_MSG.inProgress);
        if (captured.kind === "notApproved") throw conflict(CAMBIO_MSG.notApproved);
        if (captured.kind === "noAnswer") throw new HttpError(502, { errors: [fieldError(CAMBIO_MSG.captureFailed, "token")] });
        continue;
      }
      if (c.estado === "pagado") {
        await finishPaid(c);
        continue;
      }
      return answer(c);
    }
    return answer(c);
  }

  /** A captured difference: the move, or (no room any more) the difference refunded. */
  async function finishPaid(c: CambioFechaRow) {
    const now = deps.now();
    const view = (await loadReservaView(db, { orderId: c.pedido_id }, now))!;
    const linea = view.lineas.find((l) => l.id === c.linea_id)!;
    const tour = (await createCompraRepository(db).toursForPricing([linea.tourId])).get(linea.tourId)!;
    const [row] = await db.select().from(pedidoLine).where(eq(pedidoLine.id, linea.id));
    const counts = { mayores15: row!.mayores15, menoresde15_a4: row!.menoresde15_a4, menores3: row!.menores3, mascotas: row!.mascotas };
    const to = { date: c.hacia_fecha, hora: c.hacia_hora, fecha: formatDia(c.hacia_fecha, c.hacia_hora) };
    const haciaTexto = describeDeparture(to.date, to.hora, tour.zona);
    const moved = await moveNow(
      { orderId: c.pedido_id, por: "cliente" },
      { linea, counts, tour, to, haciaTexto, valorCents: tour.precioCents, totalNuevoCents: c.total_nuevo_cents, diferenciaCents: c.diferencia_cents },
      c,
    );
    if (moved.ok) {
      log.info({ pedido: c.pedido_id, cambio: c.id }, "booking line moved after its difference was paid");
      await announce(moved.row);
      return;
    }
    const kept = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .update(cambioFecha)
        .set({ estado: "por_devolver", error: moved.reason, updatedAt: deps.now() })
        .where(and(eq(cambioFecha.id, c.id), eq(cambioFecha.estado, "pagado")))
        .returning();
      if (row) await queueOwedRefund(deps.jobs, tx, row.id);
      return row;
    });
    if (kept) {
      log.warn({ cambio: c.id, reason: moved.reason }, "paid date change not moved; refunding the difference");
      await refundOwed(deps, c.id);
    }
  }

  return { preview, change, confirm, retryOwedRefunds: (orderId: number) => retryOwedRefunds(deps, orderId) };
}
