import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays, formatDia, wallClock } from "@tours/domain";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { tarjetaMovimiento, tarjetaRegalo } from "../src/modules/tarjetas/tarjetas.table.ts";
import { balanceOf } from "../src/modules/tarjetas/tarjetas.saldo.ts";
import { TARJETA_MSG } from "../src/modules/tarjetas/tarjetas.messages.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { databaseUrlOf, SELLING_ALONE, startSecondApi, type SecondApi } from "./second-api.ts";
import { ALL_DAYS, buyer, line } from "./compra-fixtures.ts";
import { useReservasApp } from "./reserva-fixtures.ts";

/**
 * Issue 25's gift-card race: 50 checkouts, split across two API processes on one PostgreSQL, all pay with one card of
 * USD 100.00 for tours of USD 30.00. The card's row lock in the hold's transaction (decision 0024) lets its balance be
 * spent exactly once: three orders paid whole by it, one paid USD 10.00 by it and the rest by PayPal, 46 told it
 * has no balance left — never a cent more than it holds.
 */
const { t } = useReservasApp();

describe.runIf(!!process.env.DATABASE_URL)("50 checkouts spend one gift card on two API processes", () => {
  let second: SecondApi | undefined;
  afterAll(async () => {
    await second?.stop();
  });

  it("the card pays USD 100.00 in all, never more; the others are told it has no balance", async () => {
    t.clock.set(new Date());
    second = await startSecondApi(databaseUrlOf(t.deps.db), SELLING_ALONE);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const today = wallClock(new Date(), "America/Bogota").date;
    const [tour] = await t.db
      .insert(tourTable)
      .values({ nombre: "Carrera de la tarjeta", precioCents: 3000, pais: t.cat.countryId, ciudad: t.cat.cityId })
      .returning();
    await t.db.insert(horarioTable).values({ tourId: tour!.id, horaInicio: "10:00", ...ALL_DAYS });
    const [card] = await t.db
      .insert(tarjetaRegalo)
      .values({
        codigo: "RG-CARR-ERAS-2345",
        estado: "activa",
        origen: "compra",
        importe_cents: 10_000,
        comprador_nombre: "Marta",
        comprador_email: "marta@example.com",
        destinatario_nombre: "Luis",
        destinatario_email: "luis@example.com",
        vence_el: addDays(today, 300),
      })
      .returning();
    await t.db.insert(tarjetaMovimiento).values({ tarjeta_id: card!.id, tipo: "carga", importe_cents: 10_000 });

    // each checkout its own departure: only the card's lock stands between them, not a departure's
    const dia = (i: number) => formatDia(addDays(today, 3 + i), "10:00");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${i % 2 ? address : second!.url}/api/compra/create`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...buyer({ email: `tarjeta${i}@example.com` }), tarjeta: i % 3 ? "rg-carr-eras-2345" : "RGCARRERAS2345", pedidos: [line(tour!.id, dia(i))] }),
        }).then(async (r) => ({ status: r.status, body: await r.text() })),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    expect(won.length, second.output()).toBe(4);
    expect(refused.length, JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 400))).toBe(46);
    for (const r of refused) expect(JSON.parse(r.body).errors[0].msg).toBe(TARJETA_MSG.empty);
    const paid = await t.db.select().from(pedido).where(eq(pedido.tarjeta_regalo_id, card!.id));
    expect(paid.map((o) => o.tarjeta_cents).sort((a, b) => a - b)).toEqual([1000, 3000, 3000, 3000]);
    expect(paid.filter((o) => o.estado === "pagado")).toHaveLength(3);
    const movements = await t.db.select().from(tarjetaMovimiento).where(eq(tarjetaMovimiento.tarjeta_id, card!.id));
    expect(movements.reduce((s, m) => s + m.importe_cents, 0)).toBe(0);
    expect(await balanceOf(t.db, card!.id, new Date())).toBe(0);
  }, 120_000);
});
