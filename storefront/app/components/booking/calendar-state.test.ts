import type { Clock, HorarioLike } from "@tours/domain";
import { describe, expect, it } from "vitest";
import type { Disponibilidad } from "@tours/contract";
import { applyAvailability, calendarQuery, calendarState, monthNavigation, MONTHS_AHEAD } from "~/components/booking/calendar-state";
import { dayLabel } from "~/components/MonthCalendar";

const NO_DAYS = { domingo: false, lunes: false, martes: false, miercoles: false, jueves: false, viernes: false, sabado: false };
// 09:00 Monday to Saturday, 15:30 on Saturdays; nothing on Sundays.
const horarios: HorarioLike[] = [
  { ...NO_DAYS, hora_inicio: "09:00:00", lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true },
  { ...NO_DAYS, hora_inicio: "15:30", sabado: 1 },
];
// Saturday 21 November 2026, 10:00 in the business time zone: today's 09:00 has started, 15:30 has not.
const clock: Clock = { today: "2026-11-21", nowMinutes: 600 };
const state = (query: string, h: readonly HorarioLike[] = horarios, c: Clock = clock) =>
  calendarState(new URLSearchParams(query), h, c);

describe("calendarState: the shown month", () => {
  it("no query: the current month, no way back", () => {
    const s = state("");
    expect(s).toMatchObject({ title: "Noviembre 2026", mes: "2026-11", prevMes: null, nextMes: "2026-12" });
    expect(s).toMatchObject({ fecha: null, departures: [], hora: null });
  });

  it.each(["2026-13", "2026-00", "2026-1", "26-11", "noviembre", "2026-11-05", ""])(
    "a malformed mes (%j) shows the current month",
    (mes) => {
      expect(state(`mes=${mes}`).mes).toBe("2026-11");
    },
  );

  it("a past month shows the current one", () => {
    expect(state("mes=2026-10").mes).toBe("2026-11");
    expect(state("mes=1999-01").mes).toBe("2026-11");
    expect(state("mes=0000-05").mes).toBe("2026-11");
  });

  it(`browsing stops ${MONTHS_AHEAD} months ahead`, () => {
    expect(state("mes=2027-10")).toMatchObject({ mes: "2027-10", prevMes: "2027-09", nextMes: "2027-11" });
    expect(state("mes=2027-11")).toMatchObject({ title: "Noviembre 2027", prevMes: "2027-10", nextMes: null });
    expect(state("mes=2030-05")).toMatchObject({ mes: "2027-11", nextMes: null });
    expect(state("mes=9999-12")).toMatchObject({ mes: "2027-11", nextMes: null });
  });

  it("months across the new year", () => {
    expect(state("mes=2027-01")).toMatchObject({ title: "Enero 2027", prevMes: "2026-12", nextMes: "2027-02" });
  });

  it("the grid marks what can be booked", () => {
    const days = state("").weeks.flat();
    expect(days[0]?.date).toBe("2026-11-01"); // 1 Nov 2026 is a Sunday
    const available = days.filter((d) => d.available).map((d) => d.date);
    expect(available[0]).toBe("2026-11-21"); // today: 15:30 still ahead
    expect(available).not.toContain("2026-11-22"); // Sunday
    expect(available).toContain("2026-11-30");
    expect(available.every((d) => d >= "2026-11-21" && d <= "2026-11-30")).toBe(true);
  });
});

describe("calendarState: the chosen day and departure", () => {
  it("a bookable day opens its departures and shows its month", () => {
    expect(state("fecha=2026-12-05")).toMatchObject({ mes: "2026-12", fecha: "2026-12-05", departures: ["09:00", "15:30"], hora: null });
    expect(state("fecha=2026-12-07")).toMatchObject({ fecha: "2026-12-07", departures: ["09:00"] });
  });

  it("today offers only the departures still ahead", () => {
    expect(state("fecha=2026-11-21")).toMatchObject({ fecha: "2026-11-21", departures: ["15:30"] });
    expect(state("fecha=2026-11-21&hora=09:00")).toMatchObject({ fecha: "2026-11-21", hora: null });
    expect(state("fecha=2026-11-21&hora=15:30").hora).toBe("15:30");
    // Once every departure of today has started, today cannot be chosen.
    expect(state("fecha=2026-11-21", horarios, { today: "2026-11-21", nowMinutes: 16 * 60 }).fecha).toBeNull();
  });

  it.each(["2026-11-20", "2025-12-24", "2026-02-30", "2026-11-31", "21/11/2026", "mañana", ""])(
    "fecha=%j is not chosen",
    (fecha) => {
      const s = state(`fecha=${fecha}&hora=09:00`);
      expect(s).toMatchObject({ fecha: null, departures: [], hora: null, mes: "2026-11" });
    },
  );

  it("a day without departures is not chosen", () => {
    expect(state("fecha=2026-11-22&hora=09:00")).toMatchObject({ fecha: null, departures: [], hora: null });
    expect(state("fecha=2026-12-05", [])).toMatchObject({ fecha: null, departures: [] });
  });

  it("a day beyond the browsable months is not chosen", () => {
    expect(state("fecha=2027-11-30&hora=09:00")).toMatchObject({ mes: "2027-11", fecha: "2027-11-30", hora: "09:00" });
    const s = state("fecha=2027-12-01&hora=09:00");
    expect(s).toMatchObject({ fecha: null, departures: [], hora: null, mes: "2026-11" });
    expect(state("fecha=2031-03-03")).toMatchObject({ fecha: null, mes: "2026-11" });
  });

  it("a departure is kept only when it is one of the day's", () => {
    expect(state("fecha=2026-12-05&hora=15:30").hora).toBe("15:30");
    expect(state("fecha=2026-12-07&hora=15:30").hora).toBeNull();
    expect(state("fecha=2026-12-05&hora=9:00").hora).toBeNull();
    expect(state("hora=09:00").hora).toBeNull();
  });

  it("an explicit month wins over the chosen day's (browsing with a day chosen)", () => {
    expect(state("mes=2027-01&fecha=2026-12-05")).toMatchObject({ mes: "2027-01", fecha: "2026-12-05" });
  });
});

describe("calendarQuery", () => {
  it("only the parts given", () => {
    expect(calendarQuery({})).toBe("");
    expect(calendarQuery({ mes: null, fecha: "", hora: undefined })).toBe("");
    expect(calendarQuery({ mes: "2026-12" })).toBe("?mes=2026-12");
    expect(calendarQuery({ mes: "2026-12", fecha: "2026-12-05", hora: "09:00" })).toBe("?mes=2026-12&fecha=2026-12-05&hora=09%3A00");
  });

  it("round trip: a state's link shows the same state", () => {
    for (const query of ["", "mes=2027-03", "fecha=2026-12-05", "fecha=2026-12-05&hora=15:30", "mes=2027-02&fecha=2026-11-21&hora=15:30"]) {
      const s = state(query);
      const again = state(calendarQuery(s).slice(1));
      expect(again).toEqual(s);
    }
  });
});

describe("applyAvailability: the live places over the schedule", () => {
  const availability = (dias: Disponibilidad["dias"]): Disponibilidad => ({
    tour_id: 1,
    mes: "2026-11",
    zona_horaria: "America/Bogota",
    zona_nombre: "hora de Bogotá",
    corte_horas: 2,
    dias,
  });
  const salida = (hora: string, estado: "disponible" | "pocos" | "agotada" | "cerrada" | "vencida", quedan: number | null) => ({
    hora,
    hora_local: `${hora} hora de Bogotá`,
    estado,
    cupo: 10,
    quedan,
    reservable: estado === "disponible" || estado === "pocos",
  });
  const live = availability([
    { fecha: "2026-11-23", estado: "agotado", salidas: [salida("09:00", "agotada", 0)] },
    { fecha: "2026-11-24", estado: "cerrado", salidas: [salida("09:00", "cerrada", 10)] },
    { fecha: "2026-11-21", estado: "cerrado", salidas: [salida("09:00", "vencida", 10), salida("15:30", "vencida", 10)] },
    { fecha: "2026-11-28", estado: "pocos", salidas: [salida("09:00", "agotada", 0), salida("15:30", "pocos", 2)] },
  ]);
  const day = (s: ReturnType<typeof applyAvailability>, date: string) => s.weeks.flat().find((d) => d.date === date)!;

  it("sold-out and closed days are not bookable and carry their state", () => {
    const s = applyAvailability(state(""), live);
    expect(day(s, "2026-11-23")).toMatchObject({ available: false, estado: "agotado" });
    expect(day(s, "2026-11-24")).toMatchObject({ available: false, estado: "cerrado" });
    expect(day(s, "2026-11-28")).toMatchObject({ available: true, estado: "pocos" });
    // today, every departure past its cutoff: not bookable, but not marked as closed by staff
    expect(day(s, "2026-11-21").available).toBe(false);
    expect(day(s, "2026-11-21").estado).toBeUndefined();
    // a scheduled day the availability does not list (e.g. past the horizon) is not bookable either
    expect(day(s, "2026-11-25").available).toBe(false);
  });

  it("a bookable day knows its places left over its open departures (what its cell announces)", () => {
    const s = applyAvailability(state(""), live);
    expect(day(s, "2026-11-28").quedan).toBe(2);
    expect(day(s, "2026-11-23").quedan).toBeUndefined();
    expect(dayLabel(day(s, "2026-11-28"))).toBe("sábado 28 de noviembre, quedan 2 lugares");
    expect(dayLabel(day(s, "2026-11-23"))).toBe("lunes 23 de noviembre, agotado");
    const unlimited = applyAvailability(state(""), availability([{ fecha: "2026-11-28", estado: "abierto", salidas: [salida("15:30", "disponible", null)] }]));
    expect(day(unlimited, "2026-11-28").quedan).toBeNull();
    expect(dayLabel(day(unlimited, "2026-11-28"))).toBe("sábado 28 de noviembre, disponible");
  });

  it("the month's sold-out departures, for the waiting list: the day asked for first (issue 24)", () => {
    expect(applyAvailability(state(""), live).agotadas).toEqual([
      { fecha: "2026-11-23", hora: "09:00", label: "09:00 hora de Bogotá" },
      { fecha: "2026-11-28", hora: "09:00", label: "09:00 hora de Bogotá" },
    ]);
    expect(applyAvailability(state("fecha=2026-11-28"), live).agotadas[0]).toEqual({ fecha: "2026-11-28", hora: "09:00", label: "09:00 hora de Bogotá" });
  });

  it("a sold-out day in the URL is not chosen; a day with places lists its departures in local time", () => {
    expect(applyAvailability(state("fecha=2026-11-23&hora=09:00"), live)).toMatchObject({ fecha: null, departures: [], hora: null });
    const s = applyAvailability(state("fecha=2026-11-28&hora=15:30"), live);
    expect(s.departures).toEqual([
      { hora: "09:00", label: "09:00 hora de Bogotá", estado: "agotada", quedan: 0, reservable: false },
      { hora: "15:30", label: "15:30 hora de Bogotá", estado: "pocos", quedan: 2, reservable: true },
    ]);
    expect(s.hora).toBe("15:30");
    expect(applyAvailability(state("fecha=2026-11-28&hora=09:00"), live).hora).toBeNull();
  });

  it("a sold-out choice offers the next departures with places; an open one offers none", () => {
    expect(applyAvailability(state("fecha=2026-11-23&hora=09:00"), live).alternativas).toEqual([
      { fecha: "2026-11-28", hora: "15:30", label: "15:30 hora de Bogotá" },
    ]);
    // the day's own other time is its enabled departure; later days follow
    expect(applyAvailability(state("fecha=2026-11-28"), live).alternativas).toEqual([]);
    const open = availability([{ fecha: "2026-11-27", estado: "abierto", salidas: [salida("09:00", "disponible", 8)] }]);
    expect(applyAvailability(state("fecha=2026-11-27"), open).alternativas).toEqual([]);
  });

  it("without availability (the call failed) the schedule decides, as before", () => {
    const s = applyAvailability(state("fecha=2026-11-28"), null);
    expect(s.departures.map((x) => [x.hora, x.reservable])).toEqual([["09:00", true], ["15:30", true]]);
    expect(s.zoneLabel).toBeNull();
  });
});

describe("monthNavigation: the free-tour calendar's months (this month to the last departure's)", () => {
  const november = { year: 2026, month: 11 };
  it("offers the months between the first and the last, across a year's end", () => {
    expect(monthNavigation({ year: 2026, month: 12 }, november, { year: 2027, month: 2 })).toEqual({
      title: "Diciembre 2026",
      mes: "2026-12",
      prevMes: "2026-11",
      nextMes: "2027-01",
    });
  });

  it("no way back from the first month, none ahead from the last", () => {
    expect(monthNavigation(november, november, november)).toMatchObject({ prevMes: null, nextMes: null });
  });

  it("without departures there is no month ahead", () => {
    expect(monthNavigation(november, november, null)).toMatchObject({ mes: "2026-11", nextMes: null });
  });
});
