import { addDays, lineTotalCents, personsOf, wallClock, weekdayKey } from "@tours/domain";
import type { Db } from "../db/client.ts";
import { pedido, pedidoLine } from "../modules/compra/compra.table.ts";
import { salida } from "../modules/salidas/salidas.table.ts";
import { prng } from "./landscape.ts";

/** IANA zone of each demo country (the default zone of its tours). */
export const DEMO_ZONES: Record<string, string> = {
  Colombia: "America/Bogota",
  México: "America/Mexico_City",
  Perú: "America/Lima",
  España: "Europe/Madrid",
  Argentina: "America/Argentina/Buenos_Aires",
  Japón: "Asia/Tokyo",
};

const CAPACITIES = [8, 10, 12, 12, 15, 20, null] as const;

/**
 * Capacities of the demo horarios: mostly small groups, a few unlimited. Their own sequence, so adding them did not
 * change the rest of the demo catalogue.
 */
export function demoCapacities(): () => number | null {
  const rand = prng(8_2026);
  return () => CAPACITIES[Math.floor(rand() * CAPACITIES.length)] ?? null;
}

type Days = Record<"lunes" | "martes" | "miercoles" | "jueves" | "viernes" | "sabado" | "domingo", boolean>;
export interface SeededTour {
  tourId: number;
  nombre: string;
  precioCents: number;
  zona: string;
  schedules: Array<{ hora: string; days: Days; cupo: number | null }>;
}

const BUYERS = [
  ["Laura", "Martínez", "laura.martinez@example.com", "3104567890"],
  ["Diego", "Ramírez", "diego.ramirez@example.com", "3157894561"],
  ["Sofía", "Herrera", "sofia.herrera@example.com", "3001237788"],
  ["Andrés", "Castro", "andres.castro@example.com", "3209876543"],
] as const;

/**
 * Paid demo bookings so the storefront shows capacity at work: the first departure of the first tour with a
 * capacity is sold out, and the next departures of a few others are nearly full ("Quedan 2 lugares").
 */
export async function seedDemoBookings(tx: Db, tours: SeededTour[], now: Date): Promise<number> {
  const limited = tours.filter((t) => t.schedules.some((s) => s.cupo !== null));
  let orders = 0;
  for (const [i, tour] of limited.slice(0, 4).entries()) {
    const schedule = tour.schedules.find((s) => s.cupo !== null)!;
    const today = wallClock(now, tour.zona).date;
    // a departure from the day after tomorrow on (clear of today's cutoff), on a day the horario runs
    let fecha = addDays(today, 2);
    for (let d = 0; d < 7 && !schedule.days[weekdayKey(fecha)]; d++) fecha = addDays(fecha, 1);
    const leave = i === 0 ? 0 : 2;
    const persons = Math.max(1, schedule.cupo! - leave);
    const [dep] = await tx.insert(salida).values({ tourId: tour.tourId, fecha, hora: schedule.hora }).returning({ id: salida.id });
    // fill it with bookings of up to 4 persons each
    let left = persons;
    let b = 0;
    while (left > 0) {
      const adults = Math.min(left, b % 2 ? 2 : 3);
      const children = Math.min(left - adults, 1);
      const counts = { mayores15: adults, menoresde15_a4: children, menores3: 0, mascotas: 0 };
      left -= personsOf(counts);
      const total = lineTotalCents(tour.precioCents, counts);
      const [buyer, apellido, email, telefono] = BUYERS[b % BUYERS.length]!;
      const [row] = await tx
        .insert(pedido)
        .values({
          nombre: buyer,
          apellido,
          email,
          telefono,
          nit: String(10203040 + orders),
          direccion: "Reserva de demostración",
          valor_total_cents: total,
          estado: "pagado",
          status: true,
          capture_id: `DEMO-${tour.tourId}-${b}`,
          paid_at: now,
        })
        .returning({ id: pedido.id });
      const [m, d, y] = [fecha.slice(5, 7), fecha.slice(8, 10), fecha.slice(0, 4)];
      await tx.insert(pedidoLine).values({
        id_pedido: row!.id,
        id_tour: tour.tourId,
        fecha_tour: `${m}/${d}/${y}-${schedule.hora}`,
        ...counts,
        valor_cents: tour.precioCents,
        valor_total_cents: total,
        salida_id: dep!.id,
      });
      orders++;
      b++;
    }
  }
  return orders;
}
