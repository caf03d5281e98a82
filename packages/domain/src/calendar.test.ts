import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  buildMonth,
  daysInMonth,
  formatDateEs,
  formatDia,
  formatDiaCorto,
  formatDiaEs,
  isLeapYear,
  MONTHS_ES,
  monthTitle,
  parseDia,
  departuresForDate,
  weekdayKey,
  WEEKDAYS_ES,
  type HorarioLike,
} from "./calendar.ts";

const NO_DAYS = { lunes: false, martes: false, miercoles: false, jueves: false, viernes: false, sabado: false, domingo: false };
const schedule = (hora_inicio: string, days: Partial<typeof NO_DAYS> | Record<string, number>): HorarioLike => ({
  hora_inicio,
  ...NO_DAYS,
  ...days,
});

const horarios: HorarioLike[] = [
  schedule("09:00", { lunes: true, miercoles: true }),
  schedule("09:00:00", { lunes: true }), // same start, seconds from a time column
  schedule("07:45", { lunes: 1 }),
  schedule("15:30:00", { sabado: true }),
];

function availableDates(weeks: ReturnType<typeof buildMonth>): string[] {
  return weeks.flat().filter((d) => d.available).map((d) => d.date);
}

describe("names", () => {
  it("Spanish months and Sunday-first weekdays", () => {
    expect(MONTHS_ES[0]).toBe("enero");
    expect(MONTHS_ES[11]).toBe("diciembre");
    expect(WEEKDAYS_ES[0]).toBe("domingo");
    expect(WEEKDAYS_ES[6]).toBe("sábado");
    expect(monthTitle(2026, 11)).toBe("Noviembre 2026");
    expect(formatDateEs("2026-11-21")).toBe("sábado, 21 de noviembre de 2026");
  });

  it("weekday keys match the schedule flags", () => {
    expect(weekdayKey("2026-11-18")).toBe("miercoles");
    expect(weekdayKey("2026-11-21")).toBe("sabado");
    expect(weekdayKey("2026-11-22")).toBe("domingo");
  });
});

describe("leap years and month lengths", () => {
  it.each([
    [2028, true],
    [2024, true],
    [2026, false],
    [2100, false],
    [2000, true],
  ])("%i leap: %s", (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it("February has 29 days in 2028 and 28 in 2100", () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(buildMonth({ year: 2028, month: 2, horarios: [], today: "2028-01-01" }).flat().filter((d) => d.inMonth)).toHaveLength(29);
    expect(buildMonth({ year: 2100, month: 2, horarios: [], today: "2100-01-01" }).flat().filter((d) => d.inMonth)).toHaveLength(28);
  });

  it("crosses month and year ends", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addMonths(2026, 12, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths(2026, 1, -1)).toEqual({ year: 2025, month: 12 });
  });

  it("rejects a 0-based or impossible month", () => {
    expect(() => buildMonth({ year: 2026, month: 0, horarios: [], today: "2026-01-01" })).toThrow(RangeError);
    expect(() => buildMonth({ year: 2026, month: 13, horarios: [], today: "2026-01-01" })).toThrow(RangeError);
  });
});

describe("buildMonth grid", () => {
  it("a month starting on Sunday with 28 days fills exactly 4 weeks (February 2026)", () => {
    const weeks = buildMonth({ year: 2026, month: 2, horarios, today: "2026-01-01" });
    expect(weeks).toHaveLength(4);
    expect(weeks[0]?.[0]).toMatchObject({ date: "2026-02-01", day: 1, inMonth: true });
    expect(weeks[3]?.[6]).toMatchObject({ date: "2026-02-28", inMonth: true });
  });

  it("a month starting on Saturday pads with the previous month and takes 6 weeks (August 2026)", () => {
    const weeks = buildMonth({ year: 2026, month: 8, horarios, today: "2026-01-01" });
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]?.slice(0, 6).map((d) => d.date)).toEqual([
      "2026-07-26", "2026-07-27", "2026-07-28", "2026-07-29", "2026-07-30", "2026-07-31",
    ]);
    expect(weeks[0]?.[6]).toMatchObject({ date: "2026-08-01", inMonth: true });
    expect(weeks[5]?.map((d) => d.date)).toEqual([
      "2026-08-30", "2026-08-31", "2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04", "2026-09-05",
    ]);
    // Neighbour days are never bookable, even on a weekday with horarios (Monday 27 July, Wednesday 2 September).
    expect(weeks[0]?.[1]).toMatchObject({ inMonth: false, available: false });
    expect(weeks[5]?.[3]).toMatchObject({ inMonth: false, available: false });
  });

  it("marks the schedule's weekdays from today on; past days are never bookable", () => {
    // November 2026: today is Wednesday 18 at 10:00, after the 09:00 departure.
    const weeks = buildMonth({ year: 2026, month: 11, horarios, today: "2026-11-18", nowMinutes: 600 });
    expect(weeks).toHaveLength(5);
    expect(availableDates(weeks)).toEqual(["2026-11-21", "2026-11-23", "2026-11-25", "2026-11-28", "2026-11-30"]);
    const day = (date: string) => weeks.flat().find((d) => d.date === date);
    expect(day("2026-11-16")).toMatchObject({ isPast: true, available: false }); // a past Monday
    expect(day("2026-11-18")).toMatchObject({ isToday: true, isPast: false, available: false });
  });

  it("today stays bookable while a departure has yet to start", () => {
    const weeks = buildMonth({ year: 2026, month: 11, horarios, today: "2026-11-18", nowMinutes: 8 * 60 + 59 });
    expect(weeks.flat().find((d) => d.isToday)?.available).toBe(true);
  });

  it("an empty schedule makes no day available", () => {
    expect(availableDates(buildMonth({ year: 2026, month: 11, horarios: [], today: "2026-01-01" }))).toEqual([]);
    expect(availableDates(buildMonth({ year: 2026, month: 11, horarios: [schedule("09:00", {})], today: "2026-01-01" }))).toEqual([]);
  });

  it("a month wholly in the past has nothing available", () => {
    expect(availableDates(buildMonth({ year: 2026, month: 10, horarios, today: "2026-11-18" }))).toEqual([]);
  });
});

describe("departuresForDate", () => {
  const clock = { today: "2026-11-18", nowMinutes: 600 };

  it("lists a weekday's starts sorted and deduplicated, without seconds", () => {
    expect(departuresForDate("2026-11-23", horarios, clock)).toEqual(["07:45", "09:00"]);
    expect(departuresForDate("2026-11-21", horarios, clock)).toEqual(["15:30"]);
    expect(departuresForDate("2026-11-24", horarios, clock)).toEqual([]);
  });

  it("today only lists starts after now; past days list nothing", () => {
    expect(departuresForDate("2026-11-18", horarios, clock)).toEqual([]);
    expect(departuresForDate("2026-11-18", horarios, { today: "2026-11-18", nowMinutes: 539 })).toEqual(["09:00"]);
    expect(departuresForDate("2026-11-18", horarios, { today: "2026-11-18", nowMinutes: 540 })).toEqual([]);
    expect(departuresForDate("2026-11-16", horarios, clock)).toEqual([]);
  });

  it("agrees with buildMonth on every day of the month", () => {
    for (const nowMinutes of [0, 539, 600, 1439]) {
      const weeks = buildMonth({ year: 2026, month: 11, horarios, today: "2026-11-18", nowMinutes });
      for (const d of weeks.flat().filter((x) => x.inMonth)) {
        expect(d.available).toBe(departuresForDate(d.date, horarios, { today: "2026-11-18", nowMinutes }).length > 0);
      }
    }
  });

  it("skips malformed starts instead of failing", () => {
    expect(departuresForDate("2026-11-23", [schedule("9am", { lunes: true })], clock)).toEqual([]);
  });
});

describe("dia (cart date and departure time)", () => {
  it("parses MM/DD/YYYY-HH:MM, seconds optional", () => {
    expect(parseDia("12/24/2026-09:00")).toEqual({ date: "2026-12-24", hora: "09:00" });
    expect(parseDia("02/29/2028-18:30:00")).toEqual({ date: "2028-02-29", hora: "18:30" });
  });

  it.each(["02/29/2100-09:00", "13/01/2026-09:00", "2026-12-24 09:00", "12/24/2026", "04/31/2026-09:00"])("rejects %s", (dia) => {
    expect(parseDia(dia)).toBeNull();
  });

  it("formats a date and departure time, and shows them in Spanish", () => {
    expect(formatDia("2026-12-24", "09:00:00")).toBe("12/24/2026-09:00");
    expect(parseDia(formatDia("2028-02-29", "07:05"))).toEqual({ date: "2028-02-29", hora: "07:05" });
    expect(formatDiaEs("12/24/2026-09:00")).toBe("jueves, 24 de diciembre de 2026, 09:00");
    expect(formatDiaCorto("11/27/2026-19:30")).toBe("27/11/2026 19:30");
    expect(formatDiaCorto("sin fecha")).toBe("sin fecha");
    expect(() => formatDia("2026-02-30", "09:00")).toThrow(RangeError);
  });
});
