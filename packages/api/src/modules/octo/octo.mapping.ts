import { createHash } from "node:crypto";
import { CURRENCY, unitPricesCents, wallClock, zonedTimeToUtc, type TravellerKey } from "@tours/domain";
import type { PedidoRow } from "../compra/compra.table.ts";
import type { ProductTour } from "./octo.repository.ts";
import type { OctoBookingT, OctoOptionT, OctoProductT, OctoTicketT, OctoUnitT, PricingT } from "./octo.schemas.ts";

/** How our tours, departures and orders read in OCTO (pure). */

export const OPTION_ID = "DEFAULT";

/** Each unit is one kind of traveller of our pricing rule; pets are an OTHER unit that takes no place. */
export const UNITS: ReadonlyArray<{ id: string; key: TravellerKey; type: OctoUnitT["type"]; name: string; minAge: number; maxAge: number; pax: number }> = [
  { id: "adult", key: "mayores15", type: "ADULT", name: "Mayor de 15 años", minAge: 16, maxAge: 120, pax: 1 },
  { id: "child", key: "menoresde15_a4", type: "CHILD", name: "De 4 a 15 años", minAge: 4, maxAge: 15, pax: 1 },
  { id: "infant", key: "menores3", type: "INFANT", name: "Menor de 4 años", minAge: 0, maxAge: 3, pax: 1 },
  { id: "pet", key: "mascotas", type: "OTHER", name: "Mascota", minAge: 0, maxAge: 120, pax: 0 },
];
export const unitsOf = (tour: Pick<ProductTour, "mascotas">) => UNITS.filter((u) => u.key !== "mascotas" || tour.mascotas);

export function pricing(cents: number): PricingT {
  // no commission is modelled: the reseller's net is the retail price
  return { original: cents, retail: cents, net: cents, currency: CURRENCY, currencyPrecision: 2, includedTaxes: [] };
}

const listOf = (text: string) =>
  text
    .split(/\r?\n|;/)
    .map((s) => s.replace(/^[\s\-•*]+/, "").trim())
    .filter(Boolean);

function unit(tour: ProductTour, u: (typeof UNITS)[number], withPricing: boolean): OctoUnitT {
  return {
    id: u.id,
    internalName: u.name,
    reference: u.key,
    type: u.type,
    requiredContactFields: [],
    restrictions: { minAge: u.minAge, maxAge: u.maxAge, idRequired: false, minQuantity: null, maxQuantity: null, paxCount: u.pax, accompaniedBy: u.key === "menores3" ? ["adult", "child"] : [] },
    ...(withPricing ? { pricingFrom: [pricing(unitPricesCents(tour.precioCents)[u.key])] } : {}),
  };
}

export function option(tour: ProductTour, withPricing: boolean): OctoOptionT {
  return {
    id: OPTION_ID,
    default: true,
    internalName: tour.nombre,
    reference: null,
    availabilityLocalStartTimes: tour.startTimes,
    cancellationCutoff: `${tour.corteHoras} ${tour.corteHoras === 1 ? "hour" : "hours"}`,
    cancellationCutoffAmount: tour.corteHoras,
    cancellationCutoffUnit: "hour",
    requiredContactFields: [],
    restrictions: { minUnits: 1, maxUnits: null },
    units: unitsOf(tour).map((u) => unit(tour, u, withPricing)),
    ...(withPricing ? { pricingFrom: [pricing(tour.precioCents)] } : {}),
  };
}

export function product(tour: ProductTour, withPricing: boolean): OctoProductT {
  return {
    id: String(tour.id),
    internalName: tour.nombre,
    reference: null,
    locale: "es",
    timeZone: tour.zona,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: "START_TIME",
    deliveryFormats: ["QRCODE"],
    deliveryMethods: ["VOUCHER"],
    // the guide scans the voucher's QR code at check-in (or finds the name in the manifest)
    redemptionMethod: "DIGITAL",
    options: [option(tour, withPricing)],
    meetingPoint: tour.puntoEncuentro.trim() || null,
    inclusions: listOf(tour.incluye),
    exclusions: listOf(tour.noIncluye),
    ...(withPricing ? { defaultCurrency: CURRENCY, availableCurrencies: [CURRENCY], pricingPer: "UNIT" as const } : {}),
  };
}

/** The booking's voucher: the QR code of our voucher holds the booking's reference, what check-in reads. */
export function voucher(referencia: string): OctoTicketT {
  return { redemptionMethod: "DIGITAL", utcRedeemedAt: null, deliveryOptions: [{ deliveryFormat: "QRCODE", deliveryValue: referencia }] };
}

/** An instant as OCTO's examples write it: UTC, whole seconds ("2026-11-23T13:00:00Z"). */
export const utcInstant = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * The uuid of a booking's n-th unit item (1-based): a name-based UUID (version 5 layout) of the booking's uuid and
 * n, so it is a real UUID and the same on every read without storing one per traveller.
 */
export function unitItemUuid(bookingUuid: string, n: number): string {
  const h = createHash("sha1").update(`${bookingUuid}#${n}`).digest("hex");
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** "2026-11-25T10:00:00-05:00": a departure's local start with its zone's offset at that instant. */
export function localDateTime(fecha: string, hora: string, zona: string): string {
  return localDateTimeAt(zonedTimeToUtc(fecha, hora, zona), zona);
}

/**
 * A departure's local end: start + the tour's duration (its facts), with the zone's offset at the end; the start
 * itself when the tour's duration is not given (its length is then only the spec's free text).
 */
export function localDateTimeEnd(fecha: string, hora: string, tour: Pick<ProductTour, "zona" | "duracionMinutos">): string {
  const start = zonedTimeToUtc(fecha, hora, tour.zona);
  return localDateTimeAt(tour.duracionMinutos ? new Date(start.getTime() + tour.duracionMinutos * 60_000) : start, tour.zona);
}

function localDateTimeAt(instant: Date, zona: string): string {
  const wall = wallClock(instant, zona);
  const [y, m, d] = wall.date.split("-").map(Number) as [number, number, number];
  const offset = Math.round((Date.UTC(y, m - 1, d, Math.floor(wall.minutes / 60), wall.minutes % 60) - instant.getTime()) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${wall.date}T${wall.hora}:00${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export type OctoBookingStatus = OctoBookingT["status"];

/** Our order's state as OCTO's: an unpaid order is ON_HOLD while its hold lives, EXPIRED after. */
export function bookingStatus(row: Pick<PedidoRow, "estado" | "hold_expires_at">, now: Date): OctoBookingStatus {
  switch (row.estado) {
    case "pagado":
      return "CONFIRMED";
    case "cancelado":
      return "CANCELLED";
    case "pendiente":
      return row.hold_expires_at && row.hold_expires_at > now ? "ON_HOLD" : "EXPIRED";
    default:
      return "EXPIRED";
  }
}
