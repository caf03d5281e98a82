import { expect } from "vitest";
import { CompraCreateAnswer, DisponibilidadAnswer, HorarioAnswer, type Disponibilidad } from "@tours/contract";
import { tourTable } from "../src/modules/tour/tour.table.ts";
import { ALL_DAYS, NOW, buyer, line } from "./compra-fixtures.ts";
import { useTestApp } from "./test-app.ts";

export const MIN = 60_000;
/** Monday 23 November 2026 at 10:00 in Bogotá. */
export const MONDAY_10 = "11/23/2026-10:00";

/** The app of the capacity tests (clock at NOW, the PayPal simulator, the small catalogue, the admin's token) and their calls. */
export function useCapacityApp() {
  const t = useTestApp({ paypal: { timeoutMs: 10_000 }, clock: NOW, catalogue: true, staff: ["admin"], env: { STOREFRONT_URL: "http://tienda.test" } });

  /** A tour with one daily horario of `cupo` places (through the panel's call), in Bogotá unless a zone is given. */
  async function tourWithSchedule(cupo: number | null, hora = "10:00", extra: Partial<typeof tourTable.$inferInsert> = {}) {
    const [tour] = await t.db
      .insert(tourTable)
      .values({ nombre: `Cupo ${cupo} ${Math.random().toString(36).slice(2, 7)}`, precioCents: 2000, pais: t.cat.countryId, ciudad: t.cat.cityId, ...extra })
      .returning();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tour/horario/create/",
      headers: t.staff("admin"),
      payload: { hora_inicio: hora, ...ALL_DAYS, tour_id: tour!.id, ...(cupo === null ? {} : { cupo }) },
    });
    expect(res.statusCode).toBe(200);
    const { succes } = HorarioAnswer.parse(res.json());
    expect(succes.cupo).toBe(cupo);
    return { tourId: tour!.id, scheduleId: succes.id };
  }

  const create = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/compra/create", payload: payload as object });
  const confirm = (token: string) => t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });

  async function order(tourId: number, dia: string, counts: Record<string, number> = {}) {
    return create({ ...buyer(), pedidos: [line(tourId, dia, counts)] });
  }

  async function orderToken(tourId: number, dia: string, counts: Record<string, number> = {}): Promise<string> {
    const res = await order(tourId, dia, counts);
    expect(res.statusCode, res.body).toBe(200);
    return CompraCreateAnswer.parse(res.json()).succes.id;
  }

  async function availability(tourId: number, mes = "2026-11"): Promise<Disponibilidad> {
    const res = await t.app.inject({ method: "GET", url: `/api/tour/disponibilidad/${tourId}?mes=${mes}` });
    expect(res.statusCode, res.body).toBe(200);
    return DisponibilidadAnswer.parse(res.json()).succes;
  }

  async function departure(tourId: number, fecha: string, hora = "10:00") {
    const d = (await availability(tourId, fecha.slice(0, 7))).dias.find((x) => x.fecha === fecha);
    return d?.salidas.find((s) => s.hora === hora);
  }

  return { t, tourWithSchedule, create, confirm, order, orderToken, availability, departure };
}
