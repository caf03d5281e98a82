import { HOUR_SLIDER } from "@tours/domain";
import { describe, expect, it } from "vitest";
import {
  hasActiveFilters,
  matchesFilters,
  needsAvailability,
  parseFilters,
  departureLocal,
  type FreeTourFilters,
  type TourForFilter,
} from "~/lib/freetour-filters";

const parse = (query: string) => parseFilters(new URLSearchParams(query));

/** What the sidebar <Form method="get"> submits for these filters (every control, as a browser does). */
function formQuery(f: FreeTourFilters): string {
  const params = new URLSearchParams();
  params.append("disp", f.disp ?? "");
  params.append("desde", f.desde ?? "");
  params.append("hasta", f.hasta ?? "");
  params.append("hmin", String(f.hmin));
  params.append("hmax", String(f.hmax));
  for (const c of f.ciudades) params.append("ciudad", c);
  for (const d of f.duraciones) params.append("duracion", d);
  return params.toString();
}

// Saturday 21 Nov 2026, 20:00 UTC: 15:00 in Bogotá (business time zone), 21:00 in Madrid, 05:00 on Sunday in Tokyo.
const NOW = new Date("2026-11-21T20:00:00Z");
const TODAY = "2026-11-21";

const tour = (departures: string[], extra: Partial<TourForFilter> = {}): TourForFilter => ({ cityId: "bog", length: 90, departures, ...extra });
const matches = (t: TourForFilter, query: string, now = NOW, today = TODAY) => matchesFilters(t, parse(query), now, today);

describe("parseFilters", () => {
  it("no query: every tour, all day long", () => {
    const f = parse("");
    expect(f).toEqual({ disp: null, desde: null, hasta: null, hmin: 0, hmax: 24, ciudades: [], duraciones: [] });
    expect(hasActiveFilters(f)).toBe(false);
    expect(needsAvailability(f)).toBe(false);
  });

  it("the untouched form (Cualquier día, 0–24, nothing ticked) filters nothing", () => {
    const f = parse("disp=&desde=&hasta=&hmin=0&hmax=24");
    expect(hasActiveFilters(f)).toBe(false);
    expect(f.disp).toBeNull();
  });

  it("Hoy / Mañana / Fechas; anything else is any day", () => {
    expect(parse("disp=hoy").disp).toBe("hoy");
    expect(parse("disp=manana").disp).toBe("manana");
    expect(parse("disp=fechas").disp).toBe("fechas");
    expect(parse("disp=ayer").disp).toBeNull();
    expect(parse("disp=HOY").disp).toBeNull();
  });

  it("dates typed without choosing Fechas still filter by those dates", () => {
    expect(parse("disp=&desde=2026-12-01")).toMatchObject({ disp: "fechas", desde: "2026-12-01", hasta: null });
    expect(parse("hasta=2026-12-05")).toMatchObject({ disp: "fechas", desde: null, hasta: "2026-12-05" });
  });

  it("dates are ignored with Hoy or Mañana", () => {
    expect(parse("disp=hoy&desde=2026-12-01&hasta=2026-12-05")).toMatchObject({ disp: "hoy", desde: null, hasta: null });
  });

  it("impossible or malformed dates are ignored", () => {
    expect(parse("desde=2026-02-30")).toMatchObject({ disp: null, desde: null });
    expect(parse("desde=2026-13-01&hasta=mañana")).toMatchObject({ disp: null, desde: null, hasta: null });
    expect(parse("disp=fechas&desde=1/12/2026&hasta=2026-12-05")).toMatchObject({ desde: null, hasta: "2026-12-05" });
    expect(parse("disp=fechas&desde=2028-02-29").desde).toBe("2028-02-29");
  });

  it("dates the wrong way round are the same range", () => {
    expect(parse("disp=fechas&desde=2026-12-10&hasta=2026-12-01")).toMatchObject({ desde: "2026-12-01", hasta: "2026-12-10" });
  });

  it("hours are whole hours clamped to 0–24, swapped when reversed", () => {
    expect(parse("hmin=-3&hmax=30")).toMatchObject({ hmin: HOUR_SLIDER.min, hmax: HOUR_SLIDER.max });
    expect(parse("hmin=7.5&hmax=abc")).toMatchObject({ hmin: 0, hmax: 24 });
    expect(parse("hmin=%20&hmax=")).toMatchObject({ hmin: 0, hmax: 24 });
    expect(parse("hmin=20&hmax=8")).toMatchObject({ hmin: 8, hmax: 20 });
    expect(parse("hmin=9&hmax=9")).toMatchObject({ hmin: 9, hmax: 9 });
    expect(hasActiveFilters(parse("hmin=8"))).toBe(true);
    expect(needsAvailability(parse("hmax=23"))).toBe(true);
  });

  it("cities repeat; only the two duration categories count", () => {
    const f = parse("ciudad=bog&ciudad=&ciudad=med&duracion=corta&duracion=media&duracion=larga");
    expect(f.ciudades).toEqual(["bog", "med"]);
    expect(f.duraciones).toEqual(["corta", "larga"]);
    expect(hasActiveFilters(f)).toBe(true);
    // Cities and categories are decided without the availability.
    expect(needsAvailability(f)).toBe(false);
  });

  it("round trip: the form submits what the page shows, and the URL parses back to it", () => {
    const cases: FreeTourFilters[] = [
      parse(""),
      parse("disp=hoy&hmin=8&hmax=14"),
      parse("disp=manana&ciudad=ciudad%20de%20méxico&ciudad=bog"),
      parse("disp=fechas&desde=2026-12-01&hasta=2026-12-24&duracion=larga"),
      parse("desde=2026-12-01&hmin=18"),
    ];
    for (const f of cases) {
      const query = formQuery(f);
      expect(parse(query)).toEqual(f);
      // Through a real URL (percent-encoding, "+" for spaces) as well.
      const url = new URL(`http://tienda.test/country/co?${query}`);
      expect(parseFilters(url.searchParams)).toEqual(f);
    }
  });
});

describe("departureLocal", () => {
  it("reads the wall-clock date and time where the tour runs, with its offset", () => {
    expect(departureLocal("2026-11-22T10:30:00+09:00")).toEqual({ date: "2026-11-22", minutes: 630, offsetMinutes: 540 });
    expect(departureLocal("2026-11-21T17:00:00-05:00")).toEqual({ date: "2026-11-21", minutes: 1020, offsetMinutes: -300 });
    expect(departureLocal("2026-11-21T08:15:00.000Z")).toEqual({ date: "2026-11-21", minutes: 495, offsetMinutes: 0 });
    expect(departureLocal("2026-11-21T08:15")).toEqual({ date: "2026-11-21", minutes: 495, offsetMinutes: null });
    expect(departureLocal("2026-03-01T09:00:00-03:30")?.offsetMinutes).toBe(-210);
  });

  it("null for anything else", () => {
    expect(departureLocal("2026-11-21")).toBeNull();
    expect(departureLocal("21/11/2026 10:00")).toBeNull();
    expect(departureLocal("")).toBeNull();
  });
});

describe("matchesFilters: availability by the tour's own time zone", () => {
  const bogotaToday = "2026-11-21T17:00:00-05:00";
  const bogotaTomorrow = "2026-11-22T10:00:00-05:00";
  const bogotaPast = "2026-11-20T10:00:00-05:00";
  const tokyoSunday = "2026-11-22T10:00:00+09:00"; // already "today" in Tokyo
  const tokyoMonday = "2026-11-23T10:00:00+09:00";
  const tokyoSaturday = "2026-11-21T23:00:00+09:00"; // yesterday in Tokyo

  it("Hoy: departures on the tour's today", () => {
    expect(matches(tour([bogotaToday]), "disp=hoy")).toBe(true);
    expect(matches(tour([bogotaTomorrow]), "disp=hoy")).toBe(false);
    expect(matches(tour([tokyoSunday]), "disp=hoy")).toBe(true);
    expect(matches(tour([tokyoSaturday]), "disp=hoy")).toBe(false);
  });

  it("Mañana: departures on the day after the tour's today", () => {
    expect(matches(tour([bogotaTomorrow]), "disp=manana")).toBe(true);
    expect(matches(tour([bogotaToday]), "disp=manana")).toBe(false);
    expect(matches(tour([tokyoMonday]), "disp=manana")).toBe(true);
    expect(matches(tour([tokyoSunday]), "disp=manana")).toBe(false);
  });

  it("Madrid after its midnight is on the next day while Bogotá is not", () => {
    const late = new Date("2026-11-21T23:30:00Z"); // 00:30 Sunday in Madrid, 18:30 Saturday in Bogotá
    expect(matches(tour(["2026-11-22T10:00:00+01:00"]), "disp=hoy", late)).toBe(true);
    expect(matches(tour(["2026-11-22T10:00:00+01:00"]), "disp=manana", late)).toBe(false);
    expect(matches(tour(["2026-11-22T10:00:00-05:00"]), "disp=manana", late)).toBe(true);
  });

  it("a departure without offset is read on the business today", () => {
    expect(matches(tour(["2026-11-21T18:00"]), "disp=hoy")).toBe(true);
    expect(matches(tour(["2026-11-22T18:00"]), "disp=hoy", NOW, "2026-11-22")).toBe(true);
    expect(matches(tour(["2026-11-21T18:00"]), "disp=hoy", NOW, "2026-11-22")).toBe(false);
  });

  it("Fechas: inclusive range, from today when no start, open-ended when no end", () => {
    const t = tour(["2026-12-01T10:00:00-05:00", "2026-12-10T10:00:00-05:00"]);
    expect(matches(t, "disp=fechas&desde=2026-12-01&hasta=2026-12-01")).toBe(true);
    expect(matches(t, "disp=fechas&desde=2026-12-02&hasta=2026-12-09")).toBe(false);
    expect(matches(t, "disp=fechas&desde=2026-12-10")).toBe(true);
    expect(matches(t, "disp=fechas&desde=2026-12-11")).toBe(false);
    expect(matches(t, "disp=fechas&hasta=2026-11-30")).toBe(false);
    expect(matches(t, "disp=fechas")).toBe(true);
    // Reversed dates in the URL still find the tour.
    expect(matches(t, "disp=fechas&desde=2026-12-09&hasta=2026-12-02")).toBe(false);
    expect(matches(t, "disp=fechas&desde=2026-12-15&hasta=2026-12-05")).toBe(true);
    // A range reaching into the past never shows past departures.
    expect(matches(tour([bogotaPast]), "disp=fechas&desde=2026-11-01&hasta=2026-11-30")).toBe(false);
  });

  it("start-hour range is inclusive, by the departure's local time", () => {
    const nineThirty = tour(["2026-11-25T09:30:00+09:00"]);
    expect(matches(nineThirty, "hmin=9&hmax=10")).toBe(true);
    expect(matches(nineThirty, "hmin=10&hmax=24")).toBe(false);
    expect(matches(nineThirty, "hmin=0&hmax=9")).toBe(false);
    expect(matches(tour(["2026-11-25T10:00:00-05:00"]), "hmin=8&hmax=10")).toBe(true);
    expect(matches(tour(["2026-11-25T23:30:00-05:00"]), "hmin=23&hmax=24")).toBe(true);
    expect(matches(tour(["2026-11-25T00:00:00-05:00"]), "hmin=0&hmax=0")).toBe(true);
  });

  it("hours and days must hold for the same departure", () => {
    const t = tour([bogotaToday /* 17:00 */, "2026-11-22T09:00:00-05:00"]);
    expect(matches(t, "disp=hoy&hmin=8&hmax=10")).toBe(false);
    expect(matches(t, "disp=manana&hmin=8&hmax=10")).toBe(true);
  });

  it("an hour filter alone skips past and unreadable departures", () => {
    expect(matches(tour([bogotaPast]), "hmin=9")).toBe(false);
    expect(matches(tour(["not a date", "2026-11-25"]), "hmin=9")).toBe(false);
    expect(matches(tour([]), "hmin=9")).toBe(false);
  });

  it("without day or hour filters the availability is not needed", () => {
    expect(matches(tour([]), "")).toBe(true);
    expect(matches(tour([]), "ciudad=bog&duracion=corta")).toBe(true);
  });
});

describe("matchesFilters: cities and categories", () => {
  it("only the ticked cities", () => {
    expect(matches(tour([], { cityId: "bog" }), "ciudad=bog&ciudad=med")).toBe(true);
    expect(matches(tour([], { cityId: "ctg" }), "ciudad=bog&ciudad=med")).toBe(false);
    expect(matches(tour([], { cityId: null }), "ciudad=bog")).toBe(false);
  });

  it("Hasta 2 horas / Más de 2 horas by length in minutes", () => {
    expect(matches(tour([], { length: 120 }), "duracion=corta")).toBe(true);
    expect(matches(tour([], { length: "90" }), "duracion=corta")).toBe(true);
    expect(matches(tour([], { length: 121 }), "duracion=corta")).toBe(false);
    expect(matches(tour([], { length: 121 }), "duracion=larga")).toBe(true);
    expect(matches(tour([], { length: 60 }), "duracion=corta&duracion=larga")).toBe(true);
  });

  it("a tour of unknown length is left out only when a category is ticked", () => {
    for (const length of [null, undefined, 0, "", "dos horas"]) {
      expect(matches(tour([], { length }), "duracion=corta&duracion=larga")).toBe(false);
      expect(matches(tour([], { length }), "")).toBe(true);
    }
  });
});
