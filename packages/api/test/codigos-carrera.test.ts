import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays, formatDia, wallClock } from "@tours/domain";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { codigoDescuento } from "../src/modules/codigos/codigos.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { databaseUrlOf, SELLING_ALONE, startSecondApi, type SecondApi } from "./second-api.ts";
import { ALL_DAYS, buyer, line } from "./compra-fixtures.ts";
import { useReservasApp } from "./reserva-fixtures.ts";

/**
 * Issue 25's race: 50 checkouts, split across two API processes on one PostgreSQL, want the one use of a code. The
 * code's row lock in the hold's transaction (decision 0021) gives it to exactly one order.
 */
const { t } = useReservasApp();

describe.runIf(!!process.env.DATABASE_URL)("50 checkouts race for a one-use code on two API processes", () => {
  let second: SecondApi | undefined;
  afterAll(async () => {
    await second?.stop();
  });

  it("exactly one order gets it; the others are told it is used up", async () => {
    t.clock.set(new Date());
    second = await startSecondApi(databaseUrlOf(t.deps.db), SELLING_ALONE);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const today = wallClock(new Date(), "America/Bogota").date;
    const [tour] = await t.db
      .insert(tourTable)
      .values({ nombre: "Carrera del código", precioCents: 2000, pais: t.cat.countryId, ciudad: t.cat.cityId })
      .returning();
    await t.db.insert(horarioTable).values({ tourId: tour!.id, horaInicio: "10:00", ...ALL_DAYS });
    const [code] = await t.db.insert(codigoDescuento).values({ codigo: "UNICO", tipo: "porcentaje", valor: 50, usos_max: 1 }).returning();

    // each checkout its own departure: only the code's lock stands between them, not a departure's
    const dia = (i: number) => formatDia(addDays(today, 3 + i), "10:00");
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${i % 2 ? address : second!.url}/api/compra/create`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...buyer({ email: `codigo${i}@example.com` }), codigo: i % 3 ? "unico" : "Unico", pedidos: [line(tour!.id, dia(i))] }),
        }).then(async (r) => ({ status: r.status, body: await r.text() })),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    expect(won.length, second.output()).toBe(1);
    expect(refused.length, JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 400))).toBe(49);
    for (const r of refused) expect(JSON.parse(r.body).errors[0].msg).toBe("Este código ya se agotó");
    const withCode = await t.db.select().from(pedido).where(eq(pedido.codigo_descuento_id, code!.id));
    expect(withCode).toHaveLength(1);
    expect(withCode[0]!.valor_total_cents).toBe(1000);
  }, 120_000);
});
