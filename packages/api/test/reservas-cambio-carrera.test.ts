import { afterAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { addDays, formatDia, wallClock } from "@tours/domain";
import { pedidoLine } from "../src/modules/compra/compra.table.ts";
import { placesOfLine } from "../src/modules/salidas/cupo.ts";
import { salida } from "../src/modules/salidas/salidas.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { databaseUrlOf, SELLING_ALONE, startSecondApi, type SecondApi } from "./second-api.ts";
import { ALL_DAYS, buyer, line } from "./compra-fixtures.ts";
import { buyPaid, useReservasApp } from "./reserva-fixtures.ts";

/**
 * Issue 21's race: 50 buyers and one date change in "Mi reserva" compete for the last place of a departure, split
 * across two API processes on one PostgreSQL. The departure never holds more than its capacity, and the moved
 * booking is wholly on the new departure or wholly on the old one.
 */
const { t } = useReservasApp();

// PGlite is one process's database; two API processes share PostgreSQL only.
describe.runIf(!!process.env.DATABASE_URL)("a date change and 50 buyers race for the last place, on two API processes", () => {
  let second: SecondApi | undefined;
  afterAll(async () => {
    await second?.stop();
  });

  /** Persons each departure of the tour holds now (sold or held), and the departure of one line. */
  async function held(tourId: number) {
    const rows = await t.db
      .select({ fecha: salida.fecha, persons: pedidoLine.mayores15, state: placesOfLine(new Date()) })
      .from(pedidoLine)
      .innerJoin(salida, eq(salida.id, pedidoLine.salida_id))
      .where(and(eq(salida.tourId, tourId), isNull(pedidoLine.cancelada_at)));
    const by = new Map<string, number>();
    for (const r of rows) if (r.state) by.set(String(r.fecha), (by.get(String(r.fecha)) ?? 0) + r.persons);
    return by;
  }

  it("never more than the capacity; the moved booking is on one side only", async () => {
    // both processes must agree on "now": this one follows the real clock like the child does
    t.clock.set(new Date());
    second = await startSecondApi(databaseUrlOf(t.deps.db), SELLING_ALONE);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const today = wallClock(new Date(), "America/Bogota").date;
    const moves = { done: 0, refused: 0 };

    // the change does more work before it locks than a checkout: later rounds give it a head start of a few ms, so
    // both outcomes are raced (which one wins is up to the two processes)
    const headStart = [0, 10, 25, 50];
    for (let round = 0; round < headStart.length; round++) {
      const [tour] = await t.db
        .insert(tourTable)
        .values({ nombre: `Carrera ${round}`, precioCents: 2000, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true, corteHoras: 2 })
        .returning();
      const tourId = tour!.id;
      await t.db.insert(horarioTable).values({ tourId, horaInicio: "10:00", cupo: 3, ...ALL_DAYS });
      const from = addDays(today, 5);
      const to = addDays(today, 7);
      // two of the three places of `to` are sold: one is left
      await buyPaid(t, [line(tourId, formatDia(to, "10:00"), { mayores_15: 2 })]);
      const moving = await buyPaid(t, [line(tourId, formatDia(from, "10:00"))]);
      const [movingLine] = await t.db.select().from(pedidoLine).where(eq(pedidoLine.id_pedido, moving.orderId));

      const post = (base: string, url: string, body: object) =>
        fetch(`${base}${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then(async (r) => ({
          status: r.status,
          body: await r.text(),
        }));
      const change = post(round % 2 ? address : second!.url, "/api/reserva/cambio", {
        referencia: moving.referencia,
        pin: moving.pin,
        linea: movingLine!.id,
        fecha: to,
        hora: "10:00",
      });
      await new Promise((r) => setTimeout(r, headStart[round]));
      const buyers = Array.from({ length: 50 }, (_, i) =>
        post(i % 2 ? address : second!.url, "/api/compra/create", { ...buyer({ email: `carrera${round}-${i}@example.com` }), pedidos: [line(tourId, formatDia(to, "10:00"))] }),
      );
      const [changed, ...bought] = await Promise.all([change, ...buyers]);
      const won = bought.filter((r) => r.status === 200).length;
      for (const r of bought) expect([200, 409, 429], `${r.body}\nsecond API said:\n${second!.output()}`).toContain(r.status);
      expect([200, 409], changed.body).toContain(changed.status);

      const [after] = await t.db.select().from(pedidoLine).where(eq(pedidoLine.id, movingLine!.id));
      const places = await held(tourId);
      const onNew = after!.fecha_tour === formatDia(to, "10:00");
      // wholly on one side: the line's departure, its date and the places it takes agree
      expect(onNew, `round ${round}: ${changed.body}`).toBe(changed.status === 200);
      expect(places.get(to) ?? 0, `round ${round}`).toBeLessThanOrEqual(3);
      expect(places.get(from) ?? 0, `round ${round}`).toBe(onNew ? 0 : 1);
      expect(places.get(to), `round ${round}`).toBe(2 + won + (onNew ? 1 : 0));
      expect(won + (onNew ? 1 : 0), `round ${round}`).toBe(1); // the last place went to exactly one of them
      if (onNew) moves.done++;
      else moves.refused++;
    }
    // the figures of the run, for the report
    console.info(`date change vs 50 buyers, ${headStart.length} rounds: the change won ${moves.done}, a buyer won ${moves.refused}`);
    await second.stop();
  }, 120_000);
});
