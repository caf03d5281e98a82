import type { FastifyBaseLogger } from "fastify";
import { eq } from "drizzle-orm";
import { departureTimes, formatDateEs, formatDia, formatLocalTime, personsOf } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { drizzleExecutor, type JobQueue } from "../../jobs/queue.ts";
import type { PaymentProvider } from "../../adapters/paypal/types.ts";
import { HttpError, fieldError, notFound } from "../../http/errors.ts";
import { insertCorreo } from "../../mail/correo.repository.ts";
import { MAIL_QUEUE } from "../../mail/mailer.ts";
import { ESPERA_SUBJECT, type EsperaMailJob } from "../../mail/lista-espera.mail.ts";
import { viajerosTexto } from "../../mail/templates.ts";
import { instanteTexto } from "../reservas/reserva.view.ts";
import { pedido, pedidoLine } from "../compra/compra.table.ts";
import { buildOrderLine } from "../compra/order-lines.ts";
import { approvalLinkOf, withApprovalLinkSecond } from "../compra/compra.service.ts";
import { isDateClosed, lockDepartures, scheduleCapacity, takenBySalida, takenTotal } from "../salidas/cupo.ts";
import type { SalidaRow } from "../salidas/salidas.table.ts";
import { departuresOfOrder, recordPlacesFreed, scheduleHoldLapse, type PlacesFreedConsumer } from "../plazas/plazas-liberadas.ts";
import { ESPERA_MSG } from "./lista-espera.messages.ts";
import {
  departureWithTour,
  findByToken,
  findEntry,
  joinList,
  markOffered,
  openOffers,
  setEstado,
  waitingEntries,
  type DepartureWithTour,
  type Travellers,
} from "./lista-espera.repository.ts";
import type { ListaEsperaRow } from "./lista-espera.table.ts";

/**
 * The waiting list (issue 24, docs/decisions/0023). A visitor joins a sold-out (or held) departure's list; when its
 * places free up (an event of plazas-liberadas.ts, handled under the departure's lock) the first entries that fit,
 * in order of arrival, get an offer: an unpaid order holding their places — counted by the same rule as every hold
 * (plazas_de_linea, decision 0007), so nobody else can buy them — until the shorter of WAITLIST_OFFER_HOURS and the
 * departure's cutoff minus 15 minutes, and an e-mail with the link to pay for it. A lapsed offer's hold is itself an
 * event (its lapse is scheduled like any hold's), which settles it and offers the places to the next entries.
 */

/** An offer ends this long before the departure's cutoff at the latest. */
export const OFFER_MARGIN_MS = 15 * 60_000;
const CURRENCY = "USD";

export interface ListaEsperaDeps {
  db: Db;
  jobs?: JobQueue;
  payments: PaymentProvider;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  offerHours: number;
  storefrontUrl: string;
}

const travellersOf = (r: Travellers) => ({ mayores15: r.mayores15, menoresde15_a4: r.menoresde15_a4, menores3: r.menores3, mascotas: r.mascotas });

function mailJob(dep: DepartureWithTour, entry: Pick<ListaEsperaRow, "token"> & Travellers, hasta?: Date): EsperaMailJob {
  return {
    tourNombre: dep.nombre,
    fechaTexto: formatDateEs(dep.fecha),
    horaTexto: formatLocalTime(dep.hora, dep.zona),
    viajeros: viajerosTexto(entry),
    token: entry.token,
    ...(hasta ? { hastaTexto: instanteTexto(hasta, dep.zona) } : {}),
  };
}

/** Free places of a locked departure: null when it takes no offers (closed, not running that day). */
async function freePlaces(tx: Db, dep: Pick<SalidaRow, "id" | "tourId" | "fecha" | "hora" | "cupo" | "cerrada">, now: Date): Promise<number | null> {
  if (dep.cerrada || (await isDateClosed(tx, dep.tourId, dep.fecha))) return null;
  const schedule = await scheduleCapacity(tx, dep.tourId, dep.fecha, dep.hora);
  if (!schedule.runs && dep.cupo === null) return null;
  const capacity = dep.cupo ?? schedule.cupo;
  if (capacity === null) return Number.POSITIVE_INFINITY;
  const taken = await takenBySalida(tx, [dep.id], now);
  return Math.max(0, capacity - takenTotal(taken.get(dep.id)));
}

export function createListaEspera(deps: ListaEsperaDeps) {
  const { db, jobs, log } = deps;

  /** The offer's end: WAITLIST_OFFER_HOURS from now, at most the departure's cutoff − 15 min; null when that has passed. */
  function offerUntil(dep: DepartureWithTour, now: Date): Date | null {
    const { closesAt } = departureTimes(dep.fecha, dep.hora, dep.zona, dep.corteHoras);
    const until = Math.min(now.getTime() + deps.offerHours * 3_600_000, closesAt.getTime() - OFFER_MARGIN_MS);
    return until > now.getTime() ? new Date(until) : null;
  }

  /**
   * Inside `tx`, the departure locked and the places checked: the entry's hold (an unpaid order of one line), its
   * state, the check of the hold's lapse and the offer e-mail with its delivery job.
   */
  async function offer(tx: Db, dep: DepartureWithTour, entry: ListaEsperaRow, until: Date, now: Date, byStaff: boolean): Promise<void> {
    const counts = travellersOf(entry);
    const line = buildOrderLine({ id: dep.tourId, precioCents: dep.precioCents }, { fecha: formatDia(dep.fecha, dep.hora), date: dep.fecha, hora: dep.hora }, counts);
    const [order] = await tx
      .insert(pedido)
      .values({
        nombre: "",
        apellido: "",
        email: entry.email,
        nit: "",
        direccion: "",
        telefono: "",
        comentario: "Lista de espera",
        valor_total_cents: line.valor_total_cents,
        hold_expires_at: until,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: pedido.id });
    await tx.insert(pedidoLine).values({
      id_pedido: order!.id,
      id_tour: line.id_tour,
      fecha_tour: line.fecha_tour,
      ...counts,
      valor_cents: line.valor_cents,
      valor_total_cents: line.valor_total_cents,
      salida_id: dep.id,
    });
    await markOffered(tx, entry.id, { orderId: order!.id, until, byStaff }, now);
    await scheduleHoldLapse(tx, jobs, order!.id, until);
    if (!jobs) return;
    const q = drizzleExecutor(tx);
    const correoId = await insertCorreo(q, {
      tipo: "oferta_espera",
      orderId: null,
      lineId: null,
      destinatario: entry.email,
      asunto: ESPERA_SUBJECT.oferta(dep.nombre),
      clave: `oferta_espera:${entry.id}:${order!.id}`,
    });
    if (correoId !== null) await jobs.send(MAIL_QUEUE, { correoId, espera: mailJob(dep, entry, until) }, { tx: q });
    log.info({ espera: entry.id, pedido: order!.id, hasta: until.toISOString() }, "waiting-list offer made");
  }

  /**
   * Offers used or lapsed are settled: paid → usada; a hold no longer live → vencida, and its order cancelled (a late
   * payment must not take back places that went to the next entry).
   */
  async function settleOffers(tx: Db, departureId: number, now: Date): Promise<void> {
    const offers = await openOffers(tx, departureId);
    const used = offers.filter((o) => o.estado === "pagado" || o.estado === "reembolsado").map((o) => o.id);
    const live = (o: (typeof offers)[number]) => o.estado === "pendiente" && (o.captureClaimedAt !== null || (o.holdExpiresAt !== null && o.holdExpiresAt > now));
    const lapsed = offers.filter((o) => !used.includes(o.id) && !live(o));
    await setEstado(tx, used, "usada", now);
    await setEstado(
      tx,
      lapsed.map((o) => o.id),
      "vencida",
      now,
    );
    for (const o of lapsed) {
      if (o.pedidoId !== null && o.estado === "pendiente") {
        await tx.update(pedido).set({ estado: "cancelado", updatedAt: now }).where(eq(pedido.id, o.pedidoId));
      }
    }
  }

  /** The consumer of plazas liberadas: the first entries that fit, in order of arrival, get their offers. */
  const onPlacesFreed: PlacesFreedConsumer = async (tx, locked, _event, now) => {
    await settleOffers(tx, locked.id, now);
    const entries = await waitingEntries(tx, locked.id);
    if (entries.length === 0) return;
    let free = await freePlaces(tx, locked, now);
    if (free === null || free === 0) return;
    const dep = await departureWithTour(tx, locked.id);
    if (!dep) return;
    const until = offerUntil(dep, now);
    if (!until) return;
    for (const entry of entries) {
      const persons = personsOf(entry);
      // an entry larger than the places left is skipped and keeps its place in line
      if (persons > free) continue;
      await offer(tx, dep, entry, until, now, false);
      free -= persons;
      if (free === 0) break;
    }
  };

  /** Joins the list (one entry per departure and address); a welcome e-mail with the link to leave, once. */
  async function join(input: { tourId: number; fecha: string; hora: string; email: string; travellers: Travellers }) {
    const now = deps.now();
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [locked] = await lockDepartures(tx, [{ tourId: input.tourId, fecha: input.fecha, hora: input.hora }]);
      const free = await freePlaces(tx, locked!, now);
      if (free === null) throw new HttpError(409, { errors: [fieldError(ESPERA_MSG.closed, "dia")] });
      const persons = personsOf(input.travellers);
      const waiting = (await waitingEntries(tx, locked!.id)).filter((e) => e.email.toLowerCase() !== input.email.toLowerCase());
      // places free and nobody in line before: the visitor can simply book them
      if (free >= persons && waiting.length === 0) throw new HttpError(409, { errors: [fieldError(ESPERA_MSG.hasPlaces(free), "dia")], quedan: free });
      const { row, added } = await joinList(tx, locked!.id, input.email, input.travellers, now);
      if (added && jobs) {
        const dep = (await departureWithTour(tx, locked!.id))!;
        const q = drizzleExecutor(tx);
        const correoId = await insertCorreo(q, {
          tipo: "alta_espera",
          orderId: null,
          lineId: null,
          destinatario: row.email,
          asunto: ESPERA_SUBJECT.alta(dep.nombre),
          clave: `alta_espera:${row.id}:${row.createdAt.getTime()}`,
        });
        if (correoId !== null) await jobs.send(MAIL_QUEUE, { correoId, espera: mailJob(dep, row) }, { tx: q });
      }
      return row;
    });
  }

  /** Leaves the list by the e-mail's link; an offer under way is given up and its places freed (an event). */
  async function leave(token: string) {
    const now = deps.now();
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const entry = await findByToken(tx, token, true);
      if (!entry) throw notFound(ESPERA_MSG.notFound);
      if (entry.estado === "baja" || entry.estado === "usada") return;
      if (entry.estado === "ofrecida" && entry.pedido_id !== null) {
        const [order] = await tx.select().from(pedido).where(eq(pedido.id, entry.pedido_id)).for("update");
        if (order?.estado === "pagado") return;
        if (order?.estado === "pendiente" && !order.capture_claimed_at) {
          await tx.update(pedido).set({ estado: "cancelado", updatedAt: now }).where(eq(pedido.id, order.id));
          await recordPlacesFreed(tx, jobs, await departuresOfOrder(tx, order.id), "cancelacion", order.id);
        }
      }
      await setEstado(tx, [entry.id], "baja", now);
    });
  }

  /** What the offer's page shows: the departure, the travellers, until when, and whether it can still be paid. */
  async function offerView(token: string) {
    const now = deps.now();
    const entry = await findByToken(db, token);
    if (!entry) throw notFound(ESPERA_MSG.notFound);
    const dep = await departureWithTour(db, entry.salida_id);
    if (!dep) throw notFound(ESPERA_MSG.notFound);
    const [order] = entry.pedido_id === null ? [] : await db.select().from(pedido).where(eq(pedido.id, entry.pedido_id));
    const vigente = entry.estado === "ofrecida" && order?.estado === "pendiente" && !!order.hold_expires_at && order.hold_expires_at > now;
    return {
      estado: order?.estado === "pagado" ? ("usada" as const) : vigente ? ("ofrecida" as const) : entry.estado === "ofrecida" ? ("vencida" as const) : entry.estado,
      vigente,
      tour: { id: dep.tourId, nombre: dep.nombre },
      fecha: dep.fecha,
      hora: dep.hora,
      fecha_texto: formatDateEs(dep.fecha),
      hora_texto: formatLocalTime(dep.hora, dep.zona),
      viajeros: travellersOf(entry),
      viajeros_texto: viajerosTexto(entry),
      total_cents: order?.valor_total_cents ?? null,
      hasta: vigente ? order!.hold_expires_at!.toISOString() : null,
      hasta_texto: vigente ? instanteTexto(order!.hold_expires_at!, dep.zona) : null,
    };
  }

  /**
   * "Reservar mis lugares": the buyer's details go on the held order and PayPal is asked for its payment, like a
   * checkout's (same PayPal-Request-Id rule: a second click is a replay). Paid through /api/compra/confirma as usual.
   */
  async function accept(token: string, contact: { nombre: string; apellido: string; telefono: string; direccion: string; nit: string }) {
    const now = deps.now();
    const entry = await findByToken(db, token);
    if (!entry) throw notFound(ESPERA_MSG.notFound);
    if (entry.estado !== "ofrecida" || entry.pedido_id === null) {
      throw new HttpError(409, { errors: [fieldError(entry.estado === "usada" ? ESPERA_MSG.offerUsed : entry.estado === "esperando" ? ESPERA_MSG.noOffer : ESPERA_MSG.offerGone, "token")] });
    }
    const [order] = await db.select().from(pedido).where(eq(pedido.id, entry.pedido_id));
    if (order?.estado === "pagado") throw new HttpError(409, { errors: [fieldError(ESPERA_MSG.offerUsed, "token")] });
    if (!order || order.estado !== "pendiente" || !order.hold_expires_at || order.hold_expires_at <= now) {
      throw new HttpError(409, { errors: [fieldError(ESPERA_MSG.offerGone, "token")] });
    }
    await db.update(pedido).set({ ...contact, updatedAt: now }).where(eq(pedido.id, order.id));
    const dep = await departureWithTour(db, entry.salida_id);
    let created;
    try {
      created = await deps.payments.createOrder({
        requestId: `pedido-${order.id}-${order.createdAt.getTime().toString(36)}-create`,
        referenceId: String(order.id),
        totalCents: order.valor_total_cents,
        currency: CURRENCY,
        description: `Pedido ${order.id}: ${dep?.nombre ?? "Lista de espera"}`,
        returnUrl: `${deps.storefrontUrl}/pay/ok`,
        cancelUrl: `${deps.storefrontUrl}/pay/not`,
      });
      if (!created?.id || !approvalLinkOf(created)) throw new Error("PayPal answered an order without id or approval link");
    } catch (err) {
      log.error({ err, pedido: order.id }, "PayPal order for a waiting-list offer could not be created");
      throw new HttpError(502, { errors: [fieldError(ESPERA_MSG.createFailed)] });
    }
    await db.update(pedido).set({ id_pay: created.id, updatedAt: now }).where(eq(pedido.id, order.id));
    return { ...withApprovalLinkSecond(created), hold_expires_at: order.hold_expires_at.toISOString() };
  }

  /** Staff offer places to one entry by hand (out of turn), only while they fit the departure. */
  async function offerByHand(entryId: number, tx: Db) {
    const now = deps.now();
    const entry = await findEntry(tx, entryId);
    if (!entry) throw notFound(ESPERA_MSG.notFound);
    const depRow = await departureWithTour(tx, entry.salida_id);
    if (!depRow) throw notFound(ESPERA_MSG.notFound);
    const [locked] = await lockDepartures(tx, [{ tourId: depRow.tourId, fecha: depRow.fecha, hora: depRow.hora }]);
    await settleOffers(tx, locked!.id, now);
    const current = await findEntry(tx, entryId, true);
    if (!current || (current.estado !== "esperando" && current.estado !== "vencida")) throw new HttpError(409, { errors: [fieldError(ESPERA_MSG.notWaiting, "id")] });
    const free = await freePlaces(tx, locked!, now);
    if (free === null) throw new HttpError(409, { errors: [fieldError(ESPERA_MSG.closed, "id")] });
    const persons = personsOf(current);
    if (persons > free) throw new HttpError(409, { errors: [fieldError(ESPERA_MSG.noRoom(persons, free), "id")] });
    const until = offerUntil(depRow, now);
    if (!until) throw new HttpError(409, { errors: [fieldError(ESPERA_MSG.tooLate, "id")] });
    await offer(tx, depRow, current, until, now, true);
    return { before: current.estado, until };
  }

  return { join, leave, offerView, accept, offerByHand, onPlacesFreed };
}
