import { describe, expect, it } from "vitest";
import {
  cancellationDeadline,
  dayState,
  departureKey,
  departureState,
  departureTimes,
  formatLocalTime,
  horizonDate,
  isBeforeCutoff,
  isValidTimeZone,
  parseDepartureKey,
  personsOf,
  placesLeftText,
  timeZoneLabel,
  wallClock,
  zonedTimeToUtc,
} from "./salidas.ts";

const iso = (d: Date) => d.toISOString();

describe("zonedTimeToUtc across DST (Europe/Madrid)", () => {
  it("uses CET (+1) the day before summer time and CEST (+2) on the day it starts", () => {
    expect(iso(zonedTimeToUtc("2026-03-28", "10:00", "Europe/Madrid"))).toBe("2026-03-28T09:00:00.000Z");
    expect(iso(zonedTimeToUtc("2026-03-29", "10:00", "Europe/Madrid"))).toBe("2026-03-29T08:00:00.000Z");
  });
  it("moves a start inside the skipped hour (02:30 on the last Sunday of March) forward by the gap", () => {
    const start = zonedTimeToUtc("2026-03-29", "02:30", "Europe/Madrid");
    expect(iso(start)).toBe("2026-03-29T01:30:00.000Z");
    expect(wallClock(start, "Europe/Madrid").hora).toBe("03:30");
  });
  it("takes the first of the two 02:30 on the last Sunday of October, and CET after it", () => {
    expect(iso(zonedTimeToUtc("2026-10-25", "02:30", "Europe/Madrid"))).toBe("2026-10-25T00:30:00.000Z");
    expect(iso(zonedTimeToUtc("2026-10-25", "10:00", "Europe/Madrid"))).toBe("2026-10-25T09:00:00.000Z");
    expect(iso(zonedTimeToUtc("2026-10-24", "10:00", "Europe/Madrid"))).toBe("2026-10-24T08:00:00.000Z");
  });
  it("zones without DST keep their offset all year", () => {
    expect(iso(zonedTimeToUtc("2026-03-29", "10:00", "America/Bogota"))).toBe("2026-03-29T15:00:00.000Z");
    expect(iso(zonedTimeToUtc("2026-07-01", "10:00", "Asia/Tokyo"))).toBe("2026-07-01T01:00:00.000Z");
  });
  it("a departure time reads back as the same wall clock", () => {
    for (const date of ["2026-01-15", "2026-03-29", "2026-06-30", "2026-10-25", "2026-12-31"]) {
      for (const hora of ["00:00", "09:15", "23:59"]) {
        expect(wallClock(zonedTimeToUtc(date, hora, "Europe/Madrid"), "Europe/Madrid")).toMatchObject({ date, hora });
      }
    }
  });
});

describe("cutoffs", () => {
  it("a cutoff that crosses midnight and the month edge closes the day before, in the tour's zone", () => {
    // 1 December 01:00 in Bogotá (UTC-5), 2 h cutoff: closes 30 November 23:00 local = 1 December 04:00 UTC
    const times = departureTimes("2026-12-01", "01:00", "America/Bogota", 2);
    expect(iso(times.closesAt)).toBe("2026-12-01T04:00:00.000Z");
    expect(isBeforeCutoff(new Date("2026-12-01T03:59:59Z"), "2026-12-01", "01:00", "America/Bogota", 2)).toBe(true);
    expect(isBeforeCutoff(new Date("2026-12-01T04:00:00Z"), "2026-12-01", "01:00", "America/Bogota", 2)).toBe(false);
  });
  it("a cutoff across the year edge (Tokyo 1 January 00:30, 2 h) closes on 31 December", () => {
    const { closesAt } = departureTimes("2027-01-01", "00:30", "Asia/Tokyo", 2);
    expect(iso(closesAt)).toBe("2026-12-31T13:30:00.000Z");
    expect(wallClock(closesAt, "Asia/Tokyo")).toMatchObject({ date: "2026-12-31", hora: "22:30" });
  });
  it("a cutoff across the DST change counts real hours (Madrid 29 March 04:00, 3 h → 00:00 CET)", () => {
    const { closesAt } = departureTimes("2026-03-29", "04:00", "Europe/Madrid", 3);
    expect(iso(closesAt)).toBe("2026-03-28T23:00:00.000Z");
    expect(wallClock(closesAt, "Europe/Madrid")).toMatchObject({ date: "2026-03-29", hora: "00:00" });
  });
  it("a zero cutoff closes at the start itself; leap day departures work", () => {
    expect(isBeforeCutoff(new Date("2028-02-29T14:59:00Z"), "2028-02-29", "10:00", "America/Bogota", 0)).toBe(true);
    expect(isBeforeCutoff(new Date("2028-02-29T15:00:00Z"), "2028-02-29", "10:00", "America/Bogota", 0)).toBe(false);
  });
  it("the booking horizon is a year ahead in the tour's zone", () => {
    expect(horizonDate(new Date("2026-11-22T03:00:00Z"), "America/Bogota")).toBe("2027-11-22");
    expect(horizonDate(new Date("2026-11-22T03:00:00Z"), "Asia/Tokyo")).toBe("2027-11-23");
  });
});

describe("states and labels", () => {
  it("names the zone by its city, in Spanish", () => {
    expect(formatLocalTime("10:00", "America/Bogota")).toBe("10:00 hora de Bogotá");
    expect(timeZoneLabel("Europe/Madrid")).toBe("hora de Madrid");
    expect(timeZoneLabel("Asia/Tokyo")).toBe("hora de Tokio");
    expect(timeZoneLabel("America/Argentina/Buenos_Aires")).toBe("hora de Buenos Aires");
  });
  it("validates IANA zones", () => {
    expect(isValidTimeZone("Europe/Madrid")).toBe(true);
    expect(isValidTimeZone("Europe/Nowhere")).toBe(false);
    expect(isValidTimeZone("<script>")).toBe(false);
  });
  it("counts persons, not pets", () => {
    expect(personsOf({ mayores15: 2, menoresde15_a4: 1, menores3: 1 })).toBe(4);
  });
  it("departure states", () => {
    const open = { closed: false, beforeCutoff: true };
    expect(departureState({ capacity: null, taken: 500, ...open })).toEqual({ state: "disponible", left: null });
    expect(departureState({ capacity: 12, taken: 6, ...open })).toEqual({ state: "disponible", left: 6 });
    expect(departureState({ capacity: 12, taken: 10, ...open })).toEqual({ state: "pocos", left: 2 });
    expect(departureState({ capacity: 12, taken: 12, ...open })).toEqual({ state: "agotada", left: 0 });
    expect(departureState({ capacity: 12, taken: 14, ...open })).toEqual({ state: "agotada", left: 0 });
    expect(departureState({ capacity: 12, taken: 0, closed: true, beforeCutoff: true }).state).toBe("cerrada");
    expect(departureState({ capacity: 12, taken: 0, closed: false, beforeCutoff: false }).state).toBe("vencida");
  });
  it("day states", () => {
    expect(dayState(["agotada", "disponible"])).toBe("abierto");
    expect(dayState(["agotada", "pocos"])).toBe("pocos");
    expect(dayState(["agotada", "vencida"])).toBe("agotado");
    expect(dayState(["cerrada"])).toBe("cerrado");
    expect(dayState([])).toBe("cerrado");
  });
  it("places left text", () => {
    expect(placesLeftText(2)).toBe("Quedan 2 lugares");
    expect(placesLeftText(1)).toBe("Queda 1 lugar");
  });
  it("departure keys round-trip", () => {
    expect(departureKey(12, "2026-11-25", "10:00")).toBe("12-20261125-1000");
    expect(parseDepartureKey("12-20261125-1000")).toEqual({ tourId: 12, date: "2026-11-25", hora: "10:00" });
    expect(parseDepartureKey("12-20260231-1000")).toBeNull();
    expect(parseDepartureKey("x")).toBeNull();
  });
});

describe("cancellationDeadline", () => {
  it("is when bookings close (start − cutoff) in the tour's zone, and none for a non-refundable tour", () => {
    // Madrid is UTC+1 in winter: 10:00 local is 09:00Z; 24 h before
    expect(cancellationDeadline("2026-11-23", "10:00", "Europe/Madrid", 24, true)?.toISOString()).toBe("2026-11-22T09:00:00.000Z");
    expect(cancellationDeadline("2026-11-23", "14:00", "America/Bogota", 2, true)?.toISOString()).toBe("2026-11-23T17:00:00.000Z");
    expect(cancellationDeadline("2026-11-23", "14:00", "America/Bogota", 2, false)).toBeNull();
  });
});
