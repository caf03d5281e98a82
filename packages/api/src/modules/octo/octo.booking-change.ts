import { randomUUID } from "node:crypto";
import { cancellationDeadline, departureKey, formatDia, lineTotalCents, parseDepartureKey, personsOf, type TravellerCounts } from "@tours/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { checkDia } from "../compra/compra.dates.ts";
import { DIA_MSG } from "../compra/compra.messages.ts";
import type { CompraRepository } from "../compra/compra.repository.ts";
import { refusalMessage } from "../compra/compra.service.ts";
import type { PedidoRow } from "../compra/compra.table.ts";
import { moveOrderLine, MoveRefused, type MoveContext } from "../reservas/cambio-de-fecha.ts";
import type { BookingView } from "./octo.booking-view.ts";
import { bookingStatus, OPTION_ID, type OctoBookingStatus } from "./octo.mapping.ts";
import { OCTO_MSG, OctoError } from "./octo.messages.ts";
import type { OctoCaller, OctoCatalogue } from "./octo.products.ts";
import { createOctoRepository, type BookingDetails, type ProductTour } from "./octo.repository.ts";
import type { ContactBody } from "./octo.schemas.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import type { BookingWebhooks } from "./octo.webhooks.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { recordPlacesFreed } from "../plazas/plazas-liberadas.ts";

/**
 * Changing what a booking holds — its departure, its units, its product — through the one move of
 * reservas/cambio-de-fecha.ts: the new places are taken and the old ones freed together, or nothing changes.
 */

/** The OCTO contact as our order's columns, plus the fields the order has no column for. */
export function contactFields(contact: z.infer<typeof ContactBody> | null | undefined): { details: BookingDetails; extra: PedidoRow["octo_contacto"] } {
  const details: BookingDetails = {};
  if (!contact) return { details, extra: null };
  const [first, ...rest] = (contact.fullName ?? "").trim().split(/\s+/);
  const nombre = contact.firstName ?? (first || null);
  const apellido = contact.lastName ?? (rest.join(" ") || null);
  if (nombre) details.nombre = nombre;
  if (apellido) details.apellido = apellido;
  if (contact.emailAddress) details.email = contact.emailAddress;
  if (contact.phoneNumber) details.telefono = contact.phoneNumber;
  const extra = { notes: contact.notes ?? null, locales: contact.locales ?? null, postalCode: contact.postalCode ?? null, country: contact.country ?? null };
  return { details, extra };
}

/** Contact, booking notes and reference of a confirm or PATCH body as the order's new values. */
export function detailsOf(body: { contact?: z.infer<typeof ContactBody> | null; notes?: string | null; resellerReference?: string | null }): BookingDetails & { octo_contacto?: PedidoRow["octo_contacto"] } {
  const { details, extra } = contactFields(body.contact);
  return {
    ...details,
    ...(extra ? { octo_contacto: extra } : {}),
    ...(body.notes !== undefined ? { comentario: body.notes } : {}),
    ...(body.resellerReference !== undefined && body.resellerReference !== null ? { revendedor_referencia: body.resellerReference } : {}),
  };
}

interface BookingTarget {
  productId?: string | null;
  optionId?: string | null;
  availabilityId?: string | null;
  unitIds?: string[] | null;
}

export function createBookingChange(deps: {
  db: Db;
  compra: CompraRepository;
  catalogue: OctoCatalogue;
  view: BookingView;
  now: () => Date;
  /** Staff hear of a confirmed booking moved to another date (issue 22). */
  notifier?: Pick<Notifier, "bookingChanged">;
  webhooks?: BookingWebhooks;
  jobs?: JobQueue;
}) {
  const { catalogue, view } = deps;

  /** The travellers a booking asks for, with OCTO's rules: at least one person, infants accompanied. */
  function checkedCounts(tour: ProductTour, unitIds: string[]): TravellerCounts {
    const counts = catalogue.countsOf(tour, unitIds);
    if (personsOf(counts) === 0) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.noPersons);
    if (counts.mayores15 + counts.menoresde15_a4 === 0) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.infantsAlone);
    return counts;
  }

  /** A departure of the tour that is open for sale now: its key's parts, or OCTO's error. */
  async function saleableDeparture(tour: ProductTour, availabilityId: string, now: Date) {
    const key = parseDepartureKey(availabilityId);
    const invalid = () => new OctoError("INVALID_AVAILABILITY_ID", OCTO_MSG.invalidAvailability, { availabilityId });
    if (!key || key.tourId !== tour.id) throw invalid();
    const facts = (await deps.compra.toursForPricing([tour.id])).get(tour.id)!;
    const dia = checkDia(formatDia(key.date, key.hora), facts, now);
    if (!dia.ok) {
      if (dia.msg === DIA_MSG.noSchedule || dia.msg === DIA_MSG.invalid) throw invalid();
      throw new OctoError("UNPROCESSABLE_ENTITY", dia.msg, { availabilityId });
    }
    return dia;
  }

  /**
   * Moves a live booking (ON_HOLD or CONFIRMED) to `target` and runs `then` in the same transaction. A confirmed
   * booking may move only while it could be cancelled (0009: same cutoff, refundable tours only).
   */
  async function moveBooking(
    caller: OctoCaller,
    row: PedidoRow,
    target: BookingTarget,
    then: (ctx: MoveContext) => Promise<PedidoRow>,
  ): Promise<PedidoRow> {
    const now = deps.now();
    const uuid = row.octo_uuid!;
    const status = bookingStatus(row, now);
    if (status !== "ON_HOLD" && status !== "CONFIRMED") throw notLive(status, uuid);
    const { line, fecha, hora } = await view.departureOf(row);
    const current = await view.tourOf(line, hora);
    if (status === "CONFIRMED") {
      const deadline = cancellationDeadline(fecha, hora, current.zona, current.corteHoras, current.reembolsable);
      if (!deadline) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.moveNonRefundable, { uuid });
      if (now >= deadline) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.moveAfterCutoff(current.corteHoras), { uuid });
    }
    const productChanges = target.productId != null && target.productId !== String(current.id);
    const tour = productChanges ? await catalogue.productTour(target.productId!) : current;
    catalogue.checkOption(target.optionId ?? OPTION_ID);
    if (productChanges && !target.availabilityId) throw new OctoError("BAD_REQUEST", OCTO_MSG.moveProductNeedsAvailability);
    const counts = target.unitIds ? checkedCounts(tour, target.unitIds) : { mayores15: line.mayores15, menoresde15_a4: line.menoresde15_a4, menores3: line.menores3, mascotas: line.mascotas };
    const availabilityId = target.availabilityId ?? departureKey(tour.id, fecha, hora);
    const dia = await saleableDeparture(tour, availabilityId, now);
    const to = { tourId: tour.id, fecha: dia.date, hora: dia.hora, fecha_tour: dia.fecha };
    const moved = await moveOrderLine(
      deps.db,
      { orderId: row.id, lineId: line.id, to, counts, valor_cents: tour.precioCents, valor_total_cents: lineTotalCents(tour.precioCents, counts) },
      now,
      {
        // under the locks: the booking is still what it was when the reseller asked
        check: ({ order }) => {
          const nowStatus = bookingStatus(order, now);
          if (nowStatus !== status) throw new MoveRefused(nowStatus === "CANCELLED" ? OCTO_MSG.cancelled : OCTO_MSG.expired);
        },
        then,
      },
    ).catch((err: unknown) => {
      if (err instanceof MoveRefused) throw new OctoError("UNPROCESSABLE_ENTITY", err.reason, { uuid });
      throw err;
    });
    if (!moved.ok) {
      const asked = { ...to, id_tour: tour.id, ...counts, valor_cents: tour.precioCents, valor_total_cents: 0 };
      throw new OctoError("UNPROCESSABLE_ENTITY", refusalMessage(moved.refusal, asked, tour.zona), { availabilityId });
    }
    const from = departureKey(current.id, fecha, hora);
    if (status === "CONFIRMED" && from !== availabilityId) {
      await deps.notifier?.bookingChanged({ orderId: row.id, lineIds: [line.id], clave: `${line.id}:${from}>${availabilityId}:${now.getTime()}` });
    }
    return moved.value;
  }

  /** PATCH: contact, notes, reference; a new availability, units or product move the booking. */
  async function update(
    caller: OctoCaller,
    row: PedidoRow,
    body: BookingTarget & { contact?: z.infer<typeof ContactBody> | null; notes?: string | null; resellerReference?: string | null },
  ): Promise<PedidoRow> {
    const now = deps.now();
    const status = bookingStatus(row, now);
    if (status !== "ON_HOLD" && status !== "CONFIRMED") throw notLive(status, row.octo_uuid!);
    const changes = { ...detailsOf(body), updatedAt: now };
    const moves = body.availabilityId != null || body.unitIds != null || body.productId != null || body.optionId != null;
    const booking = { uuid: row.octo_uuid!, resellerId: caller.reseller.id };
    const change = `updated:${now.getTime()}:${randomUUID()}`;
    if (!moves) {
      const updated = await deps.db.transaction(async (t) => {
        const tx = t as unknown as Db;
        const done = await createOctoRepository(tx).updateDetails(row.id, now, changes);
        if (done) await deps.webhooks?.bookingChanged(tx, booking, change, now);
        return done;
      });
      return updated ?? row;
    }
    const { line } = await view.departureOf(row);
    return moveBooking(caller, row, body, async ({ tx, order }) => {
      const updated = (await createOctoRepository(tx).updateDetails(order.id, now, changes)) ?? order;
      await deps.webhooks?.bookingChanged(tx, booking, change, now);
      // the places it held where it was are free again (the same departure with fewer travellers too): an event
      await recordPlacesFreed(tx, deps.jobs, [line.salida_id], "octo", order.id);
      return updated;
    });
  }

  return { moveBooking, update, checkedCounts, saleableDeparture };
}

export function notLive(status: OctoBookingStatus, uuid: string): OctoError {
  return new OctoError("UNPROCESSABLE_ENTITY", status === "CANCELLED" ? OCTO_MSG.cancelled : OCTO_MSG.expired, { uuid });
}

