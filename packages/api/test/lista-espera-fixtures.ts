import { addDays, formatDia, wallClock } from "@tours/domain";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { ALL_DAYS } from "./compra-fixtures.ts";
import type { ApiTest } from "./test-app.ts";

/** The waiting list's tests (issue 24): a tour of `cupo` places a day at 10:00 (refundable, cutoff 2 h) and its departure three days ahead. */
export async function departureInThreeDays(t: Pick<ApiTest, "db" | "cat">, nombre: string, cupo: number) {
  const [tour] = await t.db
    .insert(tourTable)
    .values({ nombre, precioCents: 2000, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true, corteHoras: 2 })
    .returning();
  await t.db.insert(horarioTable).values({ tourId: tour!.id, horaInicio: "10:00", cupo, ...ALL_DAYS });
  const fecha = addDays(wallClock(new Date(), "America/Bogota").date, 3);
  return { tourId: tour!.id, fecha, dia: formatDia(fecha, "10:00") };
}

/** POST /api/lista-espera: `email` waits for `personas` adults' places on the departure. */
export const joinWaitingList = (t: Pick<ApiTest, "app">, tourId: number, dia: string, email: string, personas = 1, ip = "203.0.113.7") =>
  t.app.inject({ method: "POST", url: "/api/lista-espera", remoteAddress: ip, payload: { tour_id: tourId, dia, email, mayores_15: personas, de_4_15: 0, menores_3: 0, mascotas: 0 } });
