import { addDays, departureKey, lineTotalCents, parseDepartureKey, zonedTimeToUtc } from "@tours/domain";
import type { Disponibilidad } from "@tours/contract";
import type { z } from "zod";
import type { SalidasRepository } from "../salidas/salidas.repository.ts";
import { monthAvailability } from "../salidas/salidas.service.ts";
import { OCTO_MSG, OctoError } from "./octo.messages.ts";
import { localDateTime, localDateTimeEnd, pricing, utcInstant } from "./octo.mapping.ts";
import type { OctoCaller, OctoCatalogue } from "./octo.products.ts";
import type { ProductTour } from "./octo.repository.ts";
import type { AvailabilityBody, CalendarBody, OctoAvailabilityT, OctoCalendarDayT } from "./octo.schemas.ts";

/** OCTO availability and calendar: our storefront's month availability (one source), read in OCTO's terms. */

const MAX_RANGE_DAYS = 366;
const STATUS = { disponible: "AVAILABLE", pocos: "LIMITED", agotada: "SOLD_OUT", cerrada: "CLOSED", vencida: "CLOSED" } as const;
const DAY_STATUS = { abierto: "AVAILABLE", pocos: "LIMITED", agotado: "SOLD_OUT", cerrado: "CLOSED" } as const;

export function createOctoAvailability(deps: { salidas: SalidasRepository; now: () => Date; catalogue: OctoCatalogue }) {
  const { salidas, catalogue } = deps;

  /** Our month availability for every month the range touches, then cut to it. */
  async function departuresBetween(tour: ProductTour, from: string, to: string, now: Date) {
    if (to < from) throw new OctoError("BAD_REQUEST", OCTO_MSG.rangeInverted);
    if (addDays(from, MAX_RANGE_DAYS) < to) throw new OctoError("BAD_REQUEST", OCTO_MSG.rangeTooLong);
    const times = { id: tour.id, nombre: tour.nombre, zona: tour.zona, corteHoras: tour.corteHoras, duracionMinutos: tour.duracionMinutos };
    const months: Disponibilidad[] = [];
    for (let ym = from.slice(0, 7); ym <= to.slice(0, 7); ) {
      const [y, m] = ym.split("-").map(Number) as [number, number];
      months.push(await monthAvailability(salidas, times, y, m, now));
      ym = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
    }
    return months.flatMap((mo) => mo.dias).filter((d) => d.fecha >= from && d.fecha <= to);
  }

  async function calendar(caller: OctoCaller, body: z.infer<typeof CalendarBody>): Promise<OctoCalendarDayT[]> {
    const tour = await catalogue.productTour(body.productId);
    catalogue.checkOption(body.optionId);
    const persons = catalogue.personsAsked(tour, body.units);
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
        ...(caller.pricing ? { unitPricingFrom: catalogue.unitPricing(tour) } : {}),
      };
    });
  }

  async function availability(caller: OctoCaller, body: z.infer<typeof AvailabilityBody>): Promise<OctoAvailabilityT[]> {
    const tour = await catalogue.productTour(body.productId);
    catalogue.checkOption(body.optionId);
    const persons = catalogue.personsAsked(tour, body.units);
    let from: string;
    let to: string;
    let only: Set<string> | null = null;
    if (body.availabilityIds?.length) {
      const dates = body.availabilityIds
        .map((id) => {
          const key = parseDepartureKey(id);
          if (!key || key.tourId !== tour.id) throw new OctoError("INVALID_AVAILABILITY_ID", OCTO_MSG.invalidAvailability, { availabilityId: id });
          return key.date;
        })
        .sort();
      from = dates[0]!;
      to = dates.at(-1)!;
      only = new Set(body.availabilityIds);
    } else {
      from = body.localDate ?? body.localDateStart!;
      to = body.localDate ?? body.localDateEnd!;
    }
    const now = deps.now();
    const days = await departuresBetween(tour, from, to, now);
    const total = body.units ? lineTotalCents(tour.precioCents, catalogue.countsFromQuantities(tour, body.units)) : null;
    const result: OctoAvailabilityT[] = [];
    for (const d of days) {
      for (const s of d.salidas) {
        const id = departureKey(tour.id, d.fecha, s.hora);
        if (only && !only.has(id)) continue;
        const start = localDateTime(d.fecha, s.hora, tour.zona);
        const cutoff = new Date(zonedTimeToUtc(d.fecha, s.hora, tour.zona).getTime() - tour.corteHoras * 3_600_000);
        result.push({
          id,
          localDateTimeStart: start,
          // start + the tour's duration; the start when the tour has none
          localDateTimeEnd: localDateTimeEnd(d.fecha, s.hora, tour),
          allDay: false,
          available: s.reservable && (s.quedan === null || s.quedan >= Math.max(1, persons)),
          status: s.quedan === null && s.estado === "disponible" ? "FREESALE" : STATUS[s.estado],
          vacancies: s.quedan,
          capacity: s.cupo,
          maxUnits: s.quedan,
          utcCutoffAt: utcInstant(cutoff),
          openingHours: [],
          ...(caller.pricing ? { unitPricing: catalogue.unitPricing(tour), ...(total !== null ? { pricing: pricing(total) } : {}) } : {}),
        });
      }
    }
    return result;
  }

  return { calendar, availability };
}
