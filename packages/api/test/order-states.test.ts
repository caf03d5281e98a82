import { describe, expect, it } from "vitest";
import { CompraCreateAnswer } from "@tours/contract";
import { MONDAY_14, SUNDAY_1130, buyer, line } from "./compra-fixtures.ts";
import { buyPaid, useReservasApp } from "./reserva-fixtures.ts";

/** The order's state as staff and the buyer are told it (docs/decisions/0015): derived in SQL, filtered and paged in SQL. */
const { t, reembolsar, detalle } = useReservasApp();

interface ListRow {
  id: number;
  referencia: string;
  situacion: string;
  estado: string;
  comentario: string;
  lineas: Array<{ tour: string; fecha: string; cancelada: boolean }>;
}

async function list(query: Record<string, unknown>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, JSON.stringify(v)]));
  const res = await t.app.inject({ method: "GET", url: `/api/compra/index?${qs.toString()}`, headers: t.staff("admin") });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: (res.json() as { succes: ListRow[] }).succes, range: String(res.headers["content-range"]) };
}

const stateOf = async (id: number) => (await list({ filter: { id } })).rows[0]?.situacion;

describe("order states that tell the truth", () => {
  it("paid, partly refunded, refunded, pending and expired each read as such in the list, its filter and the detail", async () => {
    const whole = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)], { comentario: "Viajamos con una niña de 8 años." });
    const partly = await buyPaid(t, [line(t.cat.tourA, MONDAY_14), line(t.cat.tourB, SUNDAY_1130)]);
    const paid = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)], { comentario: "Llegamos en silla de ruedas." });
    expect(await stateOf(whole.orderId)).toBe("pagado");

    expect((await reembolsar(whole.orderId)).statusCode).toBe(200);
    const partlyLines = (await detalle(partly.orderId)).succes;
    expect((await reembolsar(partly.orderId, { linea: partlyLines[1]!.id })).statusCode).toBe(200);

    const created = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(t.cat.tourB, SUNDAY_1130)] } });
    expect(created.statusCode, created.body).toBe(200);
    const pendingToken = CompraCreateAnswer.parse(created.json()).succes.id;
    const all = (await list({ sort: ["id", "DESC"], range: [0, 49] })).rows;
    const pending = all.find((r) => r.estado === "pendiente")!;

    expect(await stateOf(whole.orderId)).toBe("reembolsado");
    expect(await stateOf(partly.orderId)).toBe("parcialmente_reembolsado");
    expect(await stateOf(paid.orderId)).toBe("pagado");
    expect(await stateOf(pending.id)).toBe("pendiente");
    expect(pendingToken).toMatch(/^[A-Z0-9]{17}$/); // a PayPal order was opened for it

    // the list row carries its tours and dates in the panel's words, and what the buyer wrote
    const row = all.find((r) => r.id === whole.orderId)!;
    expect(row.lineas).toEqual([{ tour: expect.any(String), fecha: "23/11/2026 14:00", cancelada: true }]);
    expect(row.comentario).toBe("Viajamos con una niña de 8 años.");

    // the filter and the paging are SQL: the count in Content-Range is the filtered one
    const refunded = await list({ filter: { situacion: "reembolsado" }, range: [0, 9] });
    expect(refunded.rows.map((r) => r.id)).toEqual([whole.orderId]);
    expect(refunded.range).toBe("compra 0-0/1");
    const partial = await list({ filter: { situacion: "parcialmente_reembolsado" }, range: [0, 9] });
    expect(partial.rows.map((r) => r.id)).toEqual([partly.orderId]);

    // the detail says the same, with the buyer's comment
    const d = await detalle(whole.orderId);
    expect(d.reserva?.situacion).toBe("reembolsado");
    expect(d.comentario).toBe("Viajamos con una niña de 8 años.");
    expect((await detalle(partly.orderId)).reserva?.situacion).toBe("parcialmente_reembolsado");

    // the guide's manifest carries what the buyer wrote
    const manifest = await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${t.cat.tourA}-20261123-1400`, headers: t.staff("admin") });
    expect(manifest.statusCode, manifest.body).toBe(200);
    const pedidos = (manifest.json() as { succes: { pedidos: Array<{ pedido: number; comentario: string }> } }).succes.pedidos;
    expect(pedidos.find((p) => p.pedido === paid.orderId)?.comentario).toBe("Llegamos en silla de ruedas.");

    // a hold that lapsed unpaid reads as expired, by the clock
    t.clock.advance(16 * 60_000);
    expect(await stateOf(pending.id)).toBe("expirado");
    expect((await list({ filter: { situacion: "expirado" } })).rows.map((r) => r.id)).toContain(pending.id);
    expect((await list({ filter: { situacion: "pendiente" } })).rows.map((r) => r.id)).not.toContain(pending.id);
  });
});
