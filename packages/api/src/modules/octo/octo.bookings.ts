import { randomUUID } from "node:crypto";
import { cancellationDeadline } from "@tours/domain";
import type { z } from "zod";
import type { CompraRepository } from "../compra/compra.repository.ts";
import { buildOrderLine } from "../compra/order-lines.ts";
import { refusalMessage } from "../compra/compra.service.ts";
import type { PedidoRow } from "../compra/compra.table.ts";
import { createBookingChange, contactFields, detailsOf, notLive } from "./octo.booking-change.ts";
import type { BookingView } from "./octo.booking-view.ts";
import { bookingStatus } from "./octo.mapping.ts";
import { OCTO_MSG, OctoError } from "./octo.messages.ts";
import type { OctoCaller, OctoCatalogue } from "./octo.products.ts";
import { createOctoRepository, type OctoRepository } from "./octo.repository.ts";
import type { BookingBody, BookingsQuery, CancelBody, ConfirmBody, ExtendBody, OctoBookingT, PatchBody } from "./octo.schemas.ts";
import type { Db } from "../../db/client.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import type { BookingWebhooks } from "./octo.webhooks.ts";
import type { JobQueue } from "../../jobs/queue.ts";

/** OCTO bookings: reserve, confirm, extend, update, cancel, read. Each booking is one order of one line (0009). */

interface OctoBookingsDeps {
  db: Db;
  octo: OctoRepository;
  compra: CompraRepository;
  catalogue: OctoCatalogue;
  view: BookingView;
  now: () => Date;
  holdMinutes: number;
  notifier?: Pick<Notifier, "bookingChanged">;
  webhooks?: BookingWebhooks;
  jobs?: JobQueue;
}

const MIN = 60_000;

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
}

/** What identifies a reservation request: a uuid reused with anything else here is another booking. */
function requestOf(body: z.infer<typeof BookingBody>) {
  const c = body.contact;
  return {
    productId: body.productId,
    optionId: body.optionId,
    availabilityId: body.availabilityId,
    unitItems: (body.unitItems ?? []).map((u) => u.unitId).sort(),
    resellerReference: body.resellerReference ?? null,
    notes: body.notes ?? null,
    contact: c ? [c.fullName, c.firstName, c.lastName, c.emailAddress, c.phoneNumber, c.notes].map((x) => x ?? null) : null,
  };
}

export function createOctoBookings(deps: OctoBookingsDeps) {
  const { octo, compra, catalogue, view } = deps;
  const change = createBookingChange(deps);
  const toBooking = view.toBooking;

  /** The caller's own booking; another reseller's is as unknown as a missing one. */
  async function ownBooking(caller: OctoCaller, uuid: string): Promise<PedidoRow> {
    const row = await octo.bookingByUuid(uuid);
    if (!row || row.revendedor_id !== caller.reseller.id) throw new OctoError("INVALID_BOOKING_UUID", OCTO_MSG.invalidBooking, { uuid });
    return row;
  }

  /**
   * Until when a hold keeps its places: what the reseller asked (or our default), at most its reseller's
   * expiracion_max_minutos from now and retencion_max_minutos from the reservation (extensions included).
   */
  function holdUntil(caller: OctoCaller, now: Date, asked: number | null | undefined, reservedAt: Date): Date {
    const minutes = Math.min(asked ?? deps.holdMinutes, caller.reseller.expiracion_max_minutos);
    const lifeEnd = reservedAt.getTime() + caller.reseller.retencion_max_minutos * MIN;
    return new Date(Math.min(now.getTime() + minutes * MIN, lifeEnd));
  }

  /** The same uuid again: the same request is a retry (the booking as it is), another one is refused. */
  function sameRequest(caller: OctoCaller, existing: PedidoRow, body: z.infer<typeof BookingBody>, uuid: string) {
    if (existing.revendedor_id !== caller.reseller.id) throw new OctoError("INVALID_BOOKING_UUID", OCTO_MSG.uuidTaken, { uuid });
    if (!existing.octo_peticion) return;
    const first = JSON.parse(existing.octo_peticion) as Record<string, unknown>;
    const now = requestOf(body) as Record<string, unknown>;
    const differ = Object.keys(now).filter((k) => JSON.stringify(first[k] ?? null) !== JSON.stringify(now[k]));
    if (differ.length) throw new OctoError("INVALID_BOOKING_UUID", OCTO_MSG.uuidReused(differ), { uuid });
  }

  /** Reserve: an unpaid order holding its places, through the storefront's one reserve path. Idempotent by uuid. */
  async function reserve(caller: OctoCaller, body: z.infer<typeof BookingBody>): Promise<OctoBookingT> {
    const uuid = body.uuid ?? randomUUID();
    const existing = body.uuid ? await octo.bookingByUuid(uuid) : null;
    if (existing) {
      sameRequest(caller, existing, body, uuid);
      return toBooking(caller, existing);
    }
    const tour = await catalogue.productTour(body.productId);
    catalogue.checkOption(body.optionId);
    const counts = change.checkedCounts(tour, (body.unitItems ?? []).map((u) => u.unitId));
    const now = deps.now();
    const dia = await change.saleableDeparture(tour, body.availabilityId, now);
    const line = buildOrderLine(tour, dia, counts);
    const { details, extra } = contactFields(body.contact);
    let reserved;
    try {
      reserved = await compra.reserve(
        {
          nombre: details.nombre ?? "",
          apellido: details.apellido ?? "",
          email: details.email ?? "",
          nit: "",
          direccion: "",
          telefono: details.telefono ?? "",
          telefonorespaldo: null,
          comentario: body.notes ?? null,
          valor_total_cents: line.valor_total_cents,
          octo: { uuid, resellerId: caller.reseller.id, referencia: body.resellerReference ?? null, peticion: JSON.stringify(requestOf(body)), contacto: extra },
        },
        [line],
        now,
        holdUntil(caller, now, body.expirationMinutes, now),
      );
    } catch (err) {
      // the same uuid sent twice at once: the other request made the booking
      if (isUniqueViolation(err)) return reserve(caller, body);
      throw err;
    }
    if (!reserved.ok) {
      throw new OctoError("UNPROCESSABLE_ENTITY", refusalMessage(reserved.refusals[0]!, line, tour.zona), { availabilityId: body.availabilityId });
    }
    return toBooking(caller, (await octo.orderById(reserved.row.id))!);
  }

  async function confirm(caller: OctoCaller, uuid: string, body: z.infer<typeof ConfirmBody>): Promise<OctoBookingT> {
    const row = await ownBooking(caller, uuid);
    const now = deps.now();
    const status = bookingStatus(row, now);
    if (status === "CONFIRMED") return toBooking(caller, row);
    if (status !== "ON_HOLD") throw notLive(status, uuid);
    const changes = detailsOf(body);
    const confirmIn = async (tx: Db, id: number) => {
      const paid = await createOctoRepository(tx).confirmHold(id, now, changes);
      if (!paid) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.expired, { uuid });
      await deps.webhooks?.bookingChanged(tx, { uuid, resellerId: caller.reseller.id }, "confirmed", now);
      return paid;
    };
    if (body.unitItems) {
      // the travellers as finally confirmed: checked and moved with the confirmation, in one transaction
      return toBooking(caller, await change.moveBooking(caller, row, { unitIds: body.unitItems.map((u) => u.unitId) }, ({ tx, order }) => confirmIn(tx, order.id)));
    }
    try {
      return toBooking(caller, await deps.db.transaction((tx) => confirmIn(tx as unknown as Db, row.id)));
    } catch (err) {
      // a concurrent confirm, cancel or the hold lapsing in between
      const current = (await octo.orderById(row.id))!;
      if (bookingStatus(current, now) === "CONFIRMED") return toBooking(caller, current);
      throw current.estado === "cancelado" ? notLive("CANCELLED", uuid) : err;
    }
  }

  async function update(caller: OctoCaller, uuid: string, body: z.infer<typeof PatchBody>): Promise<OctoBookingT> {
    const row = await ownBooking(caller, uuid);
    const updated = await change.update(caller, row, { ...body, unitIds: body.unitItems?.map((u) => u.unitId) ?? null });
    if (body.expirationMinutes != null && bookingStatus(updated, deps.now()) === "ON_HOLD") return extend(caller, uuid, { expirationMinutes: body.expirationMinutes });
    return toBooking(caller, updated);
  }

  async function extend(caller: OctoCaller, uuid: string, body: z.infer<typeof ExtendBody>): Promise<OctoBookingT> {
    const row = await ownBooking(caller, uuid);
    const now = deps.now();
    const status = bookingStatus(row, now);
    if (status === "EXPIRED") throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.expired, { uuid });
    if (status !== "ON_HOLD") throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.notOnHold, { uuid });
    const current = row.hold_expires_at!;
    const until = holdUntil(caller, now, body.expirationMinutes, row.createdAt);
    if (until <= current) {
      const lifeEnd = new Date(row.createdAt.getTime() + caller.reseller.retencion_max_minutos * MIN);
      if (current >= lifeEnd) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.holdAtLimit(caller.reseller.retencion_max_minutos), { uuid });
      return toBooking(caller, row); // an extension never shortens a hold
    }
    const extended = await octo.extendHold(row.id, now, until);
    if (!extended) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.expired, { uuid });
    return toBooking(caller, extended);
  }

  async function cancel(caller: OctoCaller, uuid: string, body: z.infer<typeof CancelBody>): Promise<OctoBookingT> {
    const row = await ownBooking(caller, uuid);
    const now = deps.now();
    const status = bookingStatus(row, now);
    if (status === "CANCELLED") return toBooking(caller, row);
    if (status === "EXPIRED") throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.expired, { uuid });
    if (status === "CONFIRMED") {
      const { line, fecha, hora } = await view.departureOf(row);
      const [tour] = await octo.productTours(line.id_tour);
      const deadline = tour ? cancellationDeadline(fecha, hora, tour.zona, tour.corteHoras, tour.reembolsable) : null;
      if (!tour || !deadline) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.nonRefundable, { uuid });
      if (now >= deadline) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.afterCutoff(tour.corteHoras), { uuid });
    }
    const cancelled = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // its freed places are an event of the same transaction (the waiting list's and the availability webhooks')
      const done = await createOctoRepository(tx, deps.jobs).cancelBooking(row.id, now, body.reason ?? null);
      if (done) await deps.webhooks?.bookingChanged(tx, { uuid, resellerId: caller.reseller.id }, "cancelled", now);
      return done;
    });
    return toBooking(caller, cancelled ?? (await octo.orderById(row.id))!);
  }

  async function get(caller: OctoCaller, uuid: string): Promise<OctoBookingT> {
    return toBooking(caller, await ownBooking(caller, uuid));
  }

  async function list(caller: OctoCaller, query: z.infer<typeof BookingsQuery>): Promise<OctoBookingT[]> {
    const range = query.localDate ? { from: query.localDate, to: query.localDate } : query.localDateStart && query.localDateEnd ? { from: query.localDateStart, to: query.localDateEnd } : undefined;
    if (query.resellerReference === undefined && query.supplierReference === undefined && !range) throw new OctoError("BAD_REQUEST", OCTO_MSG.listFilter);
    if (query.supplierReference !== undefined && !/^\d{1,9}$/.test(query.supplierReference)) return [];
    const rows = await octo.bookings(caller.reseller.id, {
      referencia: query.resellerReference,
      orderId: query.supplierReference !== undefined ? Number(query.supplierReference) : undefined,
      fecha: range,
    });
    return Promise.all(rows.map((r) => toBooking(caller, r)));
  }

  return { reserve, confirm, update, extend, cancel, get, list };
}
