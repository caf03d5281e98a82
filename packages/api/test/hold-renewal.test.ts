import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CompraCreateAnswer, RetencionAnswer } from "@tours/contract";
import { MAX_HOLD_RENEWALS } from "@tours/domain";
import { COMPRA_MSG } from "../src/modules/compra/compra.messages.ts";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { NOW } from "./compra-fixtures.ts";
import { MIN, MONDAY_10, useCapacityApp } from "./capacity-fixtures.ts";

/** "Necesito más tiempo" (docs/decisions/0018): the buyer renews the hold, a few times, never past the capacity. */
const { t, tourWithSchedule, order, orderToken, confirm, departure } = useCapacityApp();

const renew = (token: string) => t.app.inject({ method: "POST", url: "/api/compra/retencion", payload: { token } });
const at = (minutes: number) => t.clock.set(new Date(NOW.getTime() + minutes * MIN));
const renewalsOf = async (token: string) => (await t.db.select().from(pedido).where(eq(pedido.id_pay, token)))[0]!;

describe("renewing a hold (fake clock)", () => {
  it("the order's answer says until when the places are held and how many renewals are left", async () => {
    t.clock.set(NOW);
    const { tourId } = await tourWithSchedule(4);
    const res = await order(tourId, MONDAY_10, { mayores_15: 2 });
    const { succes } = CompraCreateAnswer.parse(res.json());
    expect(succes.hold_expires_at).toBe(new Date(NOW.getTime() + 15 * MIN).toISOString());
    expect(succes.renovaciones_restantes).toBe(MAX_HOLD_RENEWALS);
  });

  it("each renewal holds the places 15 minutes more from then, counted on the order, at most MAX_HOLD_RENEWALS times", async () => {
    t.clock.set(NOW);
    const { tourId } = await tourWithSchedule(2);
    const token = await orderToken(tourId, MONDAY_10, { mayores_15: 2 });
    for (let i = 1; i <= MAX_HOLD_RENEWALS; i++) {
      at(i * 13);
      const res = await renew(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(RetencionAnswer.parse(res.json()).succes).toEqual({
        hold_expires_at: new Date(NOW.getTime() + (i * 13 + 15) * MIN).toISOString(),
        renovaciones: i,
        renovaciones_restantes: MAX_HOLD_RENEWALS - i,
      });
      expect((await renewalsOf(token)).hold_renewals).toBe(i);
    }
    // past the first 15 minutes the places are still the buyer's: nobody else can take them
    at(MAX_HOLD_RENEWALS * 13 + 14);
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(0);
    expect((await order(tourId, MONDAY_10)).statusCode).toBe(409);

    const refused = await renew(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toBe(COMPRA_MSG.renewalLimit(MAX_HOLD_RENEWALS));
    expect((await renewalsOf(token)).hold_renewals).toBe(MAX_HOLD_RENEWALS);

    // the last renewal's time runs out: the places are free again
    at(MAX_HOLD_RENEWALS * 13 + 15);
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(2);
  });

  it("a lapsed hold is renewed while its places are free, and the order expires (nothing charged) once they are gone", async () => {
    t.clock.set(NOW);
    const { tourId } = await tourWithSchedule(3);
    const late = await orderToken(tourId, MONDAY_10, { mayores_15: 2 });
    at(20);
    expect((await renew(late)).statusCode).toBe(200);
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(1);

    const gone = await orderToken(tourId, MONDAY_10, { mayores_15: 1 });
    at(40); // both lapsed; someone else takes two of the three places
    await orderToken(tourId, MONDAY_10, { mayores_15: 2 });
    const res = await renew(gone);
    expect(res.statusCode, res.body).toBe(200); // one place is still free for its one traveller
    const refused = await renew(late); // two travellers, one place: never past the capacity
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toBe(COMPRA_MSG.holdExpired);
    expect((await renewalsOf(late)).estado).toBe("expirado");
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(0);
    t.sim.control.approve(late);
    expect((await confirm(late)).json().errors[0].msg).toBe(COMPRA_MSG.holdExpired);
  });

  it("many renewals at once for lapsed holds on the last places: the departure never goes past its capacity", async () => {
    t.clock.set(NOW);
    const { tourId } = await tourWithSchedule(5);
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push(await orderToken(tourId, MONDAY_10, { mayores_15: 1 }));
    at(16); // all five lapsed; three others take three places
    for (let i = 0; i < 3; i++) await orderToken(tourId, MONDAY_10, { mayores_15: 1 });
    const answers = await Promise.all(tokens.flatMap((token) => [renew(token), renew(token)]));
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(2);
    const rows = await Promise.all(tokens.map(renewalsOf));
    expect(rows.filter((r) => r.estado === "pendiente")).toHaveLength(2);
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(0);
  });

  it("a paid or unknown order is not renewed", async () => {
    t.clock.set(NOW);
    const { tourId } = await tourWithSchedule(null);
    const token = await orderToken(tourId, MONDAY_10);
    t.sim.control.approve(token);
    expect((await confirm(token)).statusCode).toBe(200);
    const paid = await renew(token);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().errors[0].msg).toBe(COMPRA_MSG.alreadyPaidHold);
    expect((await renew("NO-EXISTE")).statusCode).toBe(404);
  });

  it("the availability tells places held by others (and when the first hold lapses) from places sold", async () => {
    t.clock.set(NOW);
    const { tourId } = await tourWithSchedule(3);
    const paid = await orderToken(tourId, MONDAY_10, { mayores_15: 1 });
    t.sim.control.approve(paid);
    expect((await confirm(paid)).statusCode).toBe(200);
    at(2);
    await orderToken(tourId, MONDAY_10, { mayores_15: 1 });
    at(4);
    await orderToken(tourId, MONDAY_10, { mayores_15: 1 });
    at(9);
    expect(await departure(tourId, "2026-11-23")).toMatchObject({
      estado: "agotada",
      quedan: 0,
      retenidos: 2,
      libera_en: new Date(NOW.getTime() + 17 * MIN).toISOString(),
      libera_en_min: 8,
    });
    // once the holds lapse the places are back; a departure sold out by sales alone says nothing of holds
    at(20);
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ estado: "pocos", quedan: 2 });
    const full = await tourWithSchedule(1);
    const sold = await orderToken(full.tourId, MONDAY_10, { mayores_15: 1 });
    t.sim.control.approve(sold);
    expect((await confirm(sold)).statusCode).toBe(200);
    const soldOut = await departure(full.tourId, "2026-11-23");
    expect(soldOut).toMatchObject({ estado: "agotada" });
    expect(soldOut).not.toHaveProperty("libera_en");
  });
});
