import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CompraCreateAnswer } from "@tours/contract";
import { loadReservaView, motivoNoCancelable } from "../src/modules/reservas/reserva.view.ts";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { tourTable } from "../src/modules/tour/tour.table.ts";
import { MONDAY_14, NOW, SUNDAY_1130, buyer, line } from "./compra-fixtures.ts";
import { buyPaid } from "./reserva-fixtures.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ paypal: { timeoutMs: 10_000 }, clock: NOW, catalogue: true });

beforeAll(async () => {
  // tour A: free cancellation until 24 h before; tour B: not refundable
  await t.db.update(tourTable).set({ reembolsable: true, corteHoras: 24, puntoEncuentro: "Plaza de Bolívar" }).where(eq(tourTable.id, t.cat.tourA));
});


describe("the booking view", () => {
  it("shows each line in the tour's local time with its cancellation deadline, found by a reference typed loosely", async () => {
    const bought = await buyPaid(t, [line(t.cat.tourA, MONDAY_14, { mayores_15: 2, de_4_15: 1 }), line(t.cat.tourB, SUNDAY_1130)]);
    const typed = bought.referencia.slice(3).toLowerCase();
    const view = await loadReservaView(t.db, { referencia: ` tr ${typed} ` }, NOW);
    expect(view).toMatchObject({
      orderId: bought.orderId,
      referencia: bought.referencia,
      pin: bought.pin,
      estado: "pagado",
      pagado: true,
      canal: "tienda",
      nombre: "Ana",
      moneda: "USD",
      reembolsadoCents: 0,
      totalCents: 2 * 4500 + 2700 + 3333,
    });
    const [a, b] = view!.lineas;
    expect(a).toMatchObject({
      tourId: t.cat.tourA,
      tourNombre: "La Candelaria",
      puntoEncuentro: "Plaza de Bolívar",
      fecha: "2026-11-23",
      hora: "14:00",
      zona: "America/Bogota",
      fechaTexto: "lunes, 23 de noviembre de 2026",
      horaTexto: "14:00 hora de Bogotá",
      mayores15: 2,
      menoresde15_a4: 1,
      totalCents: 2 * 4500 + 2700,
      reembolsable: true,
      limiteTexto: "domingo, 22 de noviembre de 2026 a las 14:00 hora de Bogotá",
      cancelable: true,
      canceladaAt: null,
      checkinAt: null,
      salidaClave: `${t.cat.tourA}-20261123-1400`,
    });
    // Bogotá is UTC−5 all year
    expect(a!.inicio.toISOString()).toBe("2026-11-23T19:00:00.000Z");
    expect(a!.limiteCancelacion!.toISOString()).toBe("2026-11-22T19:00:00.000Z");
    expect(motivoNoCancelable(view!, a!)).toBeNull();
    expect(b).toMatchObject({ tourNombre: "Monserrate", reembolsable: false, limiteCancelacion: null, limiteTexto: null, cancelable: false });
    expect(motivoNoCancelable(view!, b!)).toBe("El tour Monserrate no es reembolsable: su reserva no se puede cancelar");
  });

  it("is cancelable until the deadline and not from that instant on, which the reason then names", async () => {
    const bought = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const deadline = new Date("2026-11-22T19:00:00.000Z");
    const before = await loadReservaView(t.db, { orderId: bought.orderId }, new Date(deadline.getTime() - 1));
    expect(before!.lineas[0]!.cancelable).toBe(true);
    const at = await loadReservaView(t.db, { orderId: bought.orderId }, deadline);
    expect(at!.lineas[0]!.cancelable).toBe(false);
    expect(motivoNoCancelable(at!, at!.lineas[0]!)).toBe(
      "El plazo para cancelar La Candelaria terminó el domingo, 22 de noviembre de 2026 a las 14:00 hora de Bogotá",
    );
  });

  it("an unpaid order is not cancelable; an unknown reference is null", async () => {
    const created = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14)] } });
    const token = CompraCreateAnswer.parse(created.json()).succes.id;
    const [row] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
    const view = await loadReservaView(t.db, { referencia: row!.referencia }, NOW);
    expect(view).toMatchObject({ estado: "pendiente", pagado: false, pagadoAt: null });
    expect(view!.lineas[0]!.cancelable).toBe(false);
    expect(motivoNoCancelable(view!, view!.lineas[0]!)).toBe("Esta reserva no está pagada: no hay nada que reembolsar");
    expect(await loadReservaView(t.db, { referencia: "TR-ZZZZZZZZ" }, NOW)).toBeNull();
  });
});
