import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { pedido, pedidoLine } from "../src/modules/compra/compra.table.ts";
import { codigoDescuento } from "../src/modules/codigos/codigos.table.ts";
import { line, MONDAY_14 } from "./compra-fixtures.ts";
import { reserve, tourWithSchedule, useOctoApp } from "./octo-fixtures.ts";

/** Discount codes (decision 0021) leave what resellers book through OCTO, and the free tours, as they were. */
const env = useOctoApp();

describe("OCTO bookings and free tours with discount codes about", () => {
  it("an OCTO booking is priced from the catalogue, carries no code and takes none of a code's uses", async () => {
    const tourId = await tourWithSchedule(env, null);
    const [code] = await env.t.db.insert(codigoDescuento).values({ codigo: "TODOS", tipo: "porcentaje", valor: 50, usos_max: 1 }).returning();
    const booking = await reserve(env, tourId, ["adult", "adult"]);
    const [order] = await env.t.db.select().from(pedido).where(eq(pedido.octo_uuid, booking.uuid));
    expect(order).toMatchObject({ canal: "octo", valor_total_cents: 4000, codigo_descuento_id: null, codigo_descuento: null });
    const lines = await env.t.db.select().from(pedidoLine).where(eq(pedidoLine.id_pedido, order!.id));
    expect(lines.map((l) => [l.valor_cents, l.descuento_cents, l.valor_total_cents])).toEqual([[2000, 0, 4000]]);
    // the code's one use is still there for the storefront
    const quote = await env.t.app.inject({ method: "POST", url: "/api/codigos/aplicar", payload: { codigo: "todos", pedidos: [line(env.t.cat.tourA, MONDAY_14)] } });
    expect(quote.statusCode, quote.body).toBe(200);
    const listed = await env.t.app.inject({ method: "GET", url: "/api/codigos", headers: env.t.staff("admin") });
    expect((listed.json() as { succes: Array<{ id: number; usos: number }> }).succes.find((c) => c.id === code!.id)?.usos).toBe(0);
  });

  it("a code prices only our own tours: a free tour (not in our catalogue) cannot be discounted", async () => {
    await env.t.db.insert(codigoDescuento).values({ codigo: "LIBRE", tipo: "monto", valor: 500 });
    const res = await env.t.app.inject({ method: "POST", url: "/api/codigos/aplicar", payload: { codigo: "LIBRE", pedidos: [line(987_654, MONDAY_14)] } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: Array<{ path: string }> }).errors[0]!.path).toBe("pedidos[0].tour_id");
  });
});
