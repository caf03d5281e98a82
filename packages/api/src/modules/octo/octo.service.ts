import { eq } from "drizzle-orm";
import {
  addDays,
  DEFAULT_TIME_ZONE,
  formatDia,
  cancellationDeadline,
  lineTotalCents,
  parseDepartureKey,
  personsOf,
  unitPricesCents,
  wallClock,
  zonedTimeToUtc,
  type TravellerCounts,
} from "@tours/domain";
import type { Disponibilidad } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { checkDia, DIA_MSG } from "../compra/compra.dates.ts";
import type { CompraRepository, NewPedidoLine } from "../compra/compra.repository.ts";
import { refusalMessage } from "../compra/compra.service.ts";
import type { PedidoRow } from "../compra/compra.table.ts";
import { salida } from "../salidas/salidas.table.ts";
import type { SalidasRepository } from "../salidas/salidas.repository.ts";
import { monthAvailability } from "../salidas/salidas.service.ts";
import { bookingStatus, localDateTime, OPTION_ID, option, pricing, product, unitsOf, UNITS } from "./octo.mapping.ts";
import type { OctoRepository, ProductTour } from "./octo.repository.ts";
import type { RevendedorRow } from "./octo.table.ts";
import type {
  AvailabilityBody,
  BookingBody,
  BookingsQuery,
  CalendarBody,
  CancelBody,
  ConfirmBody,
  ContactBody,
  ExtendBody,
  OctoAvailabilityT,
  OctoBookingT,
  OctoCalendarDayT,
  OctoErrorCode,
  PatchBody,
} from "./octo.schemas.ts";
import type { z } from "zod";

export const OCTO_MSG = {
  invalidProduct: "El producto no existe",
  invalidOption: "La opción no existe para este producto",
  invalidUnit: "La unidad no existe para este producto",
  invalidAvailability: "La salida no existe para este producto",
  invalidBooking: "La reserva no existe",
  uuidTaken: "Ese uuid ya se usó para otra reserva",
  rangeTooLong: "El rango de fechas no puede superar 366 días",
  rangeInverted: "La fecha final debe ser igual o posterior a la inicial",
  noPersons: "La reserva debe incluir al menos una persona",
  // the storefront's rule and words (CompraCreateBody)
  infantsAlone: "Los menores de 3 años deben viajar con al menos un adulto o un niño de 4 a 15 años",
  expired: "La retención de la reserva expiró: haga una reserva nueva",
  notOnHold: "Solo se puede extender una reserva retenida (ON_HOLD)",
  cancelled: "La reserva está cancelada",
  nonRefundable: "El tour no es reembolsable: la reserva confirmada no se puede cancelar",
  afterCutoff: (hours: number) => `Ya pasó el corte de cancelación (${hours} ${hours === 1 ? "hora" : "horas"} antes del inicio): la reserva no se puede cancelar`,
  unauthorized: "Falta la clave de API o no es válida",
} as const;

export class OctoError extends HttpError {
  constructor(code: OctoErrorCode, errorMessage: string, extra: Record<string, string> = {}, status = 400) {
    super(status, { error: code, errorMessage, ...extra });
    this.name = "OctoError";
  }
}

type Counts = TravellerCounts;
const MAX_RANGE_DAYS = 366;

export interface OctoServiceDeps {
  db: Db;
  octo: OctoRepository;
  compra: CompraRepository;
  salidas: SalidasRepository;
  now: () => Date;
  holdMinutes: number;
  publicApiUrl: string;
  storefrontUrl: string;
  supplierName: string;
}

export interface OctoCaller {
  reseller: RevendedorRow;
  pricing: boolean;
}

function contactFields(contact: z.infer<typeof ContactBody> | null | undefined, notes: string | null | undefined) {
  const changes: Partial<Pick<PedidoRow, "nombre" | "apellido" | "email" | "telefono" | "comentario">> = {};
  if (contact) {
    const [first, ...rest] = (contact.fullName ?? "").trim().split(/\s+/);
    const nombre = contact.firstName ?? (first || null);
    const apellido = contact.lastName ?? (rest.join(" ") || null);
    if (nombre !== null && nombre !== undefined) changes.nombre = nombre;
    if (apellido !== null && apellido !== undefined) changes.apellido = apellido;
    if (contact.emailAddress) changes.email = contact.emailAddress;
    if (contact.phoneNumber) changes.telefono = contact.phoneNumber;
  }
  if (notes !== undefined && notes !== null) changes.comentario = notes;
  return changes;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23505") return true;
  return false;
}

export function createOctoService(deps: OctoServiceDeps) {
  const { octo, compra, salidas } = deps;

  async function productTour(productId: string): Promise<ProductTour> {
    const id = /^\d{1,9}$/.test(productId) ? Number(productId) : null;
    const [tour] = id === null ? [] : await octo.productTours(id);
    if (!tour) throw new OctoError("INVALID_PRODUCT_ID", OCTO_MSG.invalidProduct, { productId });
    return tour;
  }

  function checkOption(optionId: string) {
    if (optionId !== OPTION_ID) throw new OctoError("INVALID_OPTION_ID", OCTO_MSG.invalidOption, { optionId });
  }

  function countsOf(tour: ProductTour, unitIds: string[]): Counts {
    const counts: Counts = { mayores15: 0, menoresde15_a4: 0, menores3: 0, mascotas: 0 };
    const offered = unitsOf(tour);
    for (const unitId of unitIds) {
      const u = offered.find((x) => x.id === unitId);
      if (!u) throw new OctoError("INVALID_UNIT_ID", OCTO_MSG.invalidUnit, { unitId });
      counts[u.key] += 1;
    }
    return counts;
  }

  /** Our month availability (the storefront's, one source) for every month the range touches, then cut to it. */
  async function departuresBetween(tour: ProductTour, from: string, to: string, now: Date) {
    if (to < from) throw new OctoError("BAD_REQUEST", OCTO_MSG.rangeInverted);
    if (addDays(from, MAX_RANGE_DAYS) < to) throw new OctoError("BAD_REQUEST", OCTO_MSG.rangeTooLong);
    const times = { id: tour.id, nombre: tour.nombre, zona: tour.zona, corteHoras: tour.corteHoras };
    const months: Disponibilidad[] = [];
    for (let ym = from.slice(0, 7); ym <= to.slice(0, 7); ) {
      const [y, m] = ym.split("-").map(Number) as [number, number];
      months.push(await monthAvailability(salidas, times, y, m, now));
      ym = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
    }
    return months.flatMap((mo) => mo.dias).filter((d) => d.fecha >= from && d.fecha <= to);
  }

  function personsAsked(tour: ProductTour, units: Array<{ id: string; quantity: number }> | undefined): number {
    if (!units) return 0;
    return units.reduce((sum, u) => {
      const unit = unitsOf(tour).find((x) => x.id === u.id);
      if (!unit) throw new OctoError("INVALID_UNIT_ID", OCTO_MSG.invalidUnit, { unitId: u.id });
      return sum + unit.pax * u.quantity;
    }, 0);
  }

  const STATUS = { disponible: "AVAILABLE", pocos: "LIMITED", agotada: "SOLD_OUT", cerrada: "CLOSED", vencida: "CLOSED" } as const;
  const DAY_STATUS = { abierto: "AVAILABLE", pocos: "LIMITED", agotado: "SOLD_OUT", cerrado: "CLOSED" } as const;

  function unitPricing(tour: ProductTour) {
    const prices = unitPricesCents(tour.precioCents);
    return unitsOf(tour).map((u) => ({ unitId: u.id, ...pricing(prices[u.key]) }));
  }

  async function calendar(caller: OctoCaller, body: z.infer<typeof CalendarBody>): Promise<OctoCalendarDayT[]> {
    const tour = await productTour(body.productId);
    checkOption(body.optionId);
    const persons = personsAsked(tour, body.units);
    const days = await departuresBetween(tour, body.localDateStart, body.localDateEnd, deps.now());
    return days.map((d) => {
      const open = d.salidas.filter((s) => s.reservable);
      const unlimited = open.some((s) => s.quedan === null);
      const vacancies = unlimited ? null : open.reduce((n, s) => n + (s.quedan ?? 0), 0);
      return {
        localDate: d.fecha,
        available: open.some((s) => s.quedan === null || s.quedan >= Math.max(1, persons)),
        status: unlimited && d.estado === "abierto" ? "FREESALE" : DAY_STATUS[d.estado],
        vacancies,
        capacity: unlimited ? null : open.reduce((n, s) => n + (s.cupo ?? 0), 0),
        openingHours: [],
        ...(caller.pricing ? { unitPricingFrom: unitPricing(tour) } : {}),
      };
    });
  }

  async function availability(caller: OctoCaller, body: z.infer<typeof AvailabilityBody>): Promise<OctoAvailabilityT[]> {
    const tour = await productTour(body.productId);
    checkOption(body.optionId);
    const persons = personsAsked(tour, body.units);
    let from: string;
    let to: string;
    let only: Set<string> | null = null;
    if (body.availabilityIds?.length) {
      const keys = body.availabilityIds.map((id) => {
        const key = parseDepartureKey(id);
        if (!key || key.tourId !== tour.id) throw new OctoError("INVALID_AVAILABILITY_ID", OCTO_MSG.invalidAvailability, { availabilityId: id });
        return key;
      });
      from = keys.map((k) => k.date).sort()[0]!;
      to = keys.map((k) => k.date).sort().at(-1)!;
      only = new Set(body.availabilityIds);
    } else {
      from = body.localDate ?? body.localDateStart!;
      to = body.localDate ?? body.localDateEnd!;
    }
    const now = deps.now();
    const days = await departuresBetween(tour, from, to, now);
    const total = body.units ? lineTotalCents(tour.precioCents, countsFromQuantities(tour, body.units)) : null;
    const result: OctoAvailabilityT[] = [];
    for (const d of days) {
      for (const s of d.salidas) {
        const id = `${tour.id}-${d.fecha.replace(/-/g, "")}-${s.hora.replace(":", "")}`;
        if (only && !only.has(id)) continue;
        const start = localDateTime(d.fecha, s.hora, tour.zona);
        const cutoff = new Date(zonedTimeToUtc(d.fecha, s.hora, tour.zona).getTime() - tour.corteHoras * 3_600_000);
        result.push({
          id,
          localDateTimeStart: start,
          // the tour's length is free text: the end is given as the start
          localDateTimeEnd: start,
          allDay: false,
          available: s.reservable && (s.quedan === null || s.quedan >= Math.max(1, persons)),
          status: s.quedan === null && s.estado === "disponible" ? "FREESALE" : STATUS[s.estado],
          vacancies: s.quedan,
          capacity: s.cupo,
          maxUnits: s.quedan,
          utcCutoffAt: cutoff.toISOString(),
          openingHours: [],
          ...(caller.pricing ? { unitPricing: unitPricing(tour), ...(total !== null ? { pricing: pricing(total) } : {}) } : {}),
        });
      }
    }
    return result;
  }

  function countsFromQuantities(tour: ProductTour, units: Array<{ id: string; quantity: number }>): Counts {
    const counts: Counts = { mayores15: 0, menoresde15_a4: 0, menores3: 0, mascotas: 0 };
    for (const u of units) {
      const unit = unitsOf(tour).find((x) => x.id === u.id);
      if (!unit) throw new OctoError("INVALID_UNIT_ID", OCTO_MSG.invalidUnit, { unitId: u.id });
      counts[unit.key] += u.quantity;
    }
    return counts;
  }

  /** The caller's own booking; another reseller's is as unknown as a missing one. */
  async function ownBooking(caller: OctoCaller, uuid: string): Promise<PedidoRow> {
    const row = await compra.findByOctoUuid(uuid);
    if (!row || row.revendedor_id !== caller.reseller.id) throw new OctoError("INVALID_BOOKING_UUID", OCTO_MSG.invalidBooking, { uuid });
    return row;
  }

  async function departureOf(row: PedidoRow) {
    const [line] = await compra.lines(row.id);
    if (!line) throw new Error(`OCTO booking ${row.id} has no line`);
    const [dep] = line.salida_id
      ? await deps.db.select({ fecha: salida.fecha, hora: salida.hora }).from(salida).where(eq(salida.id, line.salida_id))
      : [];
    if (!dep) throw new Error(`OCTO booking ${row.id} has no departure`);
    return { line, fecha: dep.fecha, hora: dep.hora };
  }

  async function toBooking(caller: OctoCaller, row: PedidoRow): Promise<OctoBookingT> {
    const now = deps.now();
    const { line, fecha, hora } = await departureOf(row);
    const [found] = await octo.productTours(line.id_tour);
    // an order survives its tour: a deleted tour still reads as a product
    const tour: ProductTour = found ?? {
      id: line.id_tour, nombre: `Tour ${line.id_tour}`, precioCents: line.valor_cents, zona: DEFAULT_TIME_ZONE, corteHoras: 2,
      puntoEncuentro: "", incluye: "", noIncluye: "", reembolsable: false, mascotas: line.mascotas > 0, startTimes: [hora],
    };
    const status = bookingStatus(row, now);
    const start = localDateTime(fecha, hora, tour.zona);
    const contact = {
      fullName: `${row.nombre} ${row.apellido}`.trim() || null,
      firstName: row.nombre || null,
      lastName: row.apellido || null,
      emailAddress: row.email || null,
      phoneNumber: row.telefono || null,
      locales: [],
      postalCode: null,
      country: null,
      notes: row.comentario,
    };
    const prices = unitPricesCents(line.valor_cents);
    const unitDefs = product(tour, caller.pricing).options[0]!.units;
    const unitItems: OctoBookingT["unitItems"] = [];
    for (const u of UNITS) {
      for (let i = 0; i < line[u.key]; i++) {
        unitItems.push({
          uuid: `${row.octo_uuid}-${unitItems.length + 1}`,
          resellerReference: null,
          supplierReference: `${row.id}-${unitItems.length + 1}`,
          unitId: u.id,
          unit: unitDefs.find((d) => d.id === u.id) ?? unitDefs[0]!,
          status,
          utcRedeemedAt: null,
          contact,
          ticket: null,
          ...(caller.pricing ? { pricing: pricing(prices[u.key]) } : {}),
        });
      }
    }
    const deadline = cancellationDeadline(fecha, hora, tour.zona, tour.corteHoras, tour.reembolsable);
    return {
      id: row.octo_uuid!,
      uuid: row.octo_uuid!,
      testMode: false,
      resellerReference: row.revendedor_referencia,
      supplierReference: String(row.id),
      status,
      utcCreatedAt: row.createdAt.toISOString(),
      utcUpdatedAt: row.updatedAt.toISOString(),
      utcExpiresAt: status === "ON_HOLD" && row.hold_expires_at ? row.hold_expires_at.toISOString() : null,
      utcRedeemedAt: null,
      utcConfirmedAt: status === "CONFIRMED" || (status === "CANCELLED" && row.paid_at) ? (row.paid_at?.toISOString() ?? null) : null,
      productId: String(tour.id),
      product: product(tour, caller.pricing),
      optionId: OPTION_ID,
      option: option(tour, caller.pricing),
      cancellable: status === "ON_HOLD" || (status === "CONFIRMED" && deadline !== null && now < deadline),
      cancellation: status === "CANCELLED" ? { refund: row.paid_at ? "FULL" : "NONE", reason: row.motivo_cancelacion, utcCancelledAt: row.updatedAt.toISOString() } : null,
      freesale: false,
      availabilityId: `${tour.id}-${fecha.replace(/-/g, "")}-${hora.replace(":", "")}`,
      availability: { id: `${tour.id}-${fecha.replace(/-/g, "")}-${hora.replace(":", "")}`, localDateTimeStart: start, localDateTimeEnd: start, allDay: false, openingHours: [] },
      contact,
      notes: row.comentario,
      deliveryMethods: ["VOUCHER"],
      voucher: null,
      unitItems,
      ...(caller.pricing ? { pricing: pricing(row.valor_total_cents) } : {}),
    };
  }

  const holdUntil = (now: Date, minutes: number | null | undefined) => new Date(now.getTime() + (minutes ?? deps.holdMinutes) * 60_000);

  /** Reserve: an unpaid order holding its places, through the storefront's one reserve path. Idempotent by uuid. */
  async function reserve(caller: OctoCaller, body: z.infer<typeof BookingBody>): Promise<OctoBookingT> {
    const existing = await compra.findByOctoUuid(body.uuid);
    if (existing) {
      if (existing.revendedor_id !== caller.reseller.id) throw new OctoError("BAD_REQUEST", OCTO_MSG.uuidTaken, { uuid: body.uuid });
      return toBooking(caller, existing);
    }
    const tour = await productTour(body.productId);
    checkOption(body.optionId);
    const counts = countsOf(tour, body.unitItems.map((u) => u.unitId));
    if (personsOf(counts) === 0) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.noPersons);
    if (counts.mayores15 + counts.menoresde15_a4 === 0) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.infantsAlone);
    const key = parseDepartureKey(body.availabilityId);
    const invalidAvailability = () => new OctoError("INVALID_AVAILABILITY_ID", OCTO_MSG.invalidAvailability, { availabilityId: body.availabilityId });
    if (!key || key.tourId !== tour.id) throw invalidAvailability();
    const now = deps.now();
    const pricingFacts = (await compra.toursForPricing([tour.id])).get(tour.id)!;
    const dia = checkDia(formatDia(key.date, key.hora), pricingFacts, now);
    if (!dia.ok) {
      if (dia.msg === DIA_MSG.noSlot || dia.msg === DIA_MSG.invalid) throw invalidAvailability();
      throw new OctoError("UNPROCESSABLE_ENTITY", dia.msg, { availabilityId: body.availabilityId });
    }
    const line: NewPedidoLine = {
      id_tour: tour.id,
      fecha_tour: dia.fecha,
      fecha: dia.date,
      hora: dia.hora,
      ...counts,
      valor_cents: tour.precioCents,
      valor_total_cents: lineTotalCents(tour.precioCents, counts),
    };
    const who = contactFields(body.contact, body.notes);
    let reserved;
    try {
      reserved = await compra.reserve(
        {
          nombre: who.nombre ?? "",
          apellido: who.apellido ?? "",
          email: who.email ?? "",
          nit: "",
          direccion: "",
          telefono: who.telefono ?? "",
          telefonorespaldo: null,
          comentario: who.comentario ?? null,
          valor_total_cents: line.valor_total_cents,
          octo: { uuid: body.uuid, revendedorId: caller.reseller.id, referencia: body.resellerReference ?? null },
        },
        [line],
        now,
        holdUntil(now, body.expirationMinutes),
      );
    } catch (err) {
      // the same uuid sent twice at once: the other request made the booking
      if (isUniqueViolation(err)) return reserve(caller, body);
      throw err;
    }
    if (!reserved.ok) {
      throw new OctoError("UNPROCESSABLE_ENTITY", refusalMessage(reserved.refusals[0]!, line, tour.zona), { availabilityId: body.availabilityId });
    }
    return toBooking(caller, (await compra.findById(reserved.row.id))!);
  }

  async function confirm(caller: OctoCaller, uuid: string, body: z.infer<typeof ConfirmBody>): Promise<OctoBookingT> {
    const row = await ownBooking(caller, uuid);
    const now = deps.now();
    const status = bookingStatus(row, now);
    if (status === "CONFIRMED") return toBooking(caller, row);
    if (status === "CANCELLED") throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.cancelled, { uuid });
    if (status !== "ON_HOLD") throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.expired, { uuid });
    const changes = {
      ...contactFields(body.contact, body.notes),
      ...(body.resellerReference ? { revendedor_referencia: body.resellerReference } : {}),
    };
    const paid = await compra.markPaidByReseller(row.id, now, changes);
    if (paid) return toBooking(caller, paid);
    // a concurrent confirm, cancel or the hold lapsing in between
    const current = (await compra.findById(row.id))!;
    if (bookingStatus(current, now) === "CONFIRMED") return toBooking(caller, current);
    throw new OctoError("UNPROCESSABLE_ENTITY", current.estado === "cancelado" ? OCTO_MSG.cancelled : OCTO_MSG.expired, { uuid });
  }

  async function update(caller: OctoCaller, uuid: string, body: z.infer<typeof PatchBody>): Promise<OctoBookingT> {
    const row = await ownBooking(caller, uuid);
    const status = bookingStatus(row, deps.now());
    if (status === "CANCELLED" || status === "EXPIRED") {
      throw new OctoError("UNPROCESSABLE_ENTITY", status === "CANCELLED" ? OCTO_MSG.cancelled : OCTO_MSG.expired, { uuid });
    }
    const changes = {
      ...contactFields(body.contact, body.notes),
      ...(body.resellerReference !== undefined ? { revendedor_referencia: body.resellerReference } : {}),
    };
    const updated = await compra.updateOctoDetails(row.id, deps.now(), changes);
    return toBooking(caller, updated ?? row);
  }

  async function extend(caller: OctoCaller, uuid: string, body: z.infer<typeof ExtendBody>): Promise<OctoBookingT> {
    const row = await ownBooking(caller, uuid);
    const now = deps.now();
    const status = bookingStatus(row, now);
    if (status === "EXPIRED") throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.expired, { uuid });
    if (status !== "ON_HOLD") throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.notOnHold, { uuid });
    const extended = await compra.extendLiveHold(row.id, now, holdUntil(now, body.expirationMinutes));
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
      const { line, fecha, hora } = await departureOf(row);
      const [tour] = await octo.productTours(line.id_tour);
      const deadline = tour ? cancellationDeadline(fecha, hora, tour.zona, tour.corteHoras, tour.reembolsable) : null;
      if (!tour || !deadline) throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.nonRefundable, { uuid });
      if (now >= deadline) {
        throw new OctoError("UNPROCESSABLE_ENTITY", OCTO_MSG.afterCutoff(tour.corteHoras), { uuid });
      }
    }
    const cancelled = await compra.cancelByReseller(row.id, now, body.reason ?? null);
    return toBooking(caller, cancelled ?? (await compra.findById(row.id))!);
  }

  async function get(caller: OctoCaller, uuid: string): Promise<OctoBookingT> {
    return toBooking(caller, await ownBooking(caller, uuid));
  }

  async function list(caller: OctoCaller, query: z.infer<typeof BookingsQuery>): Promise<OctoBookingT[]> {
    const from = query.localDate ?? query.localDateStart;
    const to = query.localDate ?? query.localDateEnd ?? from;
    if (query.supplierReference !== undefined && !/^\d{1,9}$/.test(query.supplierReference)) return [];
    const rows = await compra.octoBookings(caller.reseller.id, {
      referencia: query.resellerReference,
      pedidoId: query.supplierReference !== undefined ? Number(query.supplierReference) : undefined,
      fecha: from && to ? { from, to } : undefined,
    });
    return Promise.all(rows.map((r) => toBooking(caller, r)));
  }

  async function products(caller: OctoCaller) {
    return (await octo.productTours()).map((t) => product(t, caller.pricing));
  }

  async function oneProduct(caller: OctoCaller, productId: string) {
    return product(await productTour(productId), caller.pricing);
  }

  function supplier() {
    return {
      id: "tours",
      name: deps.supplierName,
      endpoint: `${deps.publicApiUrl}/octo`,
      contact: { website: deps.storefrontUrl, email: null, telephone: null, address: null },
    };
  }

  return { supplier, products, oneProduct, calendar, availability, reserve, confirm, update, extend, cancel, get, list, today: (zona: string) => wallClock(deps.now(), zona).date };
}

export type OctoService = ReturnType<typeof createOctoService>;
