import { expect, test } from "../support/test";
import { SIM_URL } from "../support/env";
import { expectColumns } from "../support/panel-lists";
import { apiJson } from "../support/api";
import { createOrder, paidOrder, type OrderLine } from "../support/tours";

/*
 * The panel's Pedidos screen against the real API: a paid and an unpaid order, and an order's lines.
 */

test("a paid order shows as Pago with its lines; an unpaid one as Sin pago", async ({ page, request, signIn }) => {
  // A demo tour with a schedule slot, and the first date at least a week ahead on one of the slot's weekdays.
  const tours = (await apiJson<{ succes: { id: number; nombre: string; precio: number }[] }>("/api/tour/index")).succes;
  const weekdays = ["domingo", "lunes", "martes", "miercoles", "jueves", "viernes", "sabado"] as const;
  let tour: (typeof tours)[number] | undefined;
  let booked: OrderLine | undefined;
  for (const candidate of tours) {
    const slots = (
      await apiJson<{ succes: (Record<(typeof weekdays)[number], boolean> & { hora_inicio: string })[] }>(
        `/api/tour/horario/find/${candidate.id}`,
      )
    ).succes;
    const slot = slots[0];
    if (!slot) continue;
    for (let ahead = 7; ahead < 14 && !booked; ahead++) {
      const day = new Date(Date.now() + ahead * 86_400_000);
      if (!slot[weekdays[day.getUTCDay()]!]) continue;
      booked = { tourId: candidate.id, fecha: day.toISOString().slice(0, 10), hora: slot.hora_inicio.slice(0, 5), adults: 2, children: 1 };
    }
    if (booked) {
      tour = candidate;
      break;
    }
  }
  if (!tour || !booked) throw new Error("the demo seed has no tour with a schedule slot");
  const buyer = { nombre: "Ana", telefonoRespaldo: "3007654321", direccion: "Calle 1 # 2-3", nit: "900123456" };
  // Approved on the payment simulator, then confirmed as the storefront's /pay/ok does.
  const paid = await paidOrder(request, SIM_URL, [booked], `pagado.${Date.now()}@e2e.test`, { ...buyer, apellido: "Pagada" });
  const unpaid = await createOrder(request, [booked], `pendiente.${Date.now()}@e2e.test`, { ...buyer, apellido: "Pendiente" });

  await signIn("/panel/pedidos");
  await expectColumns(page, ["ID", "Nombre", "Apellido", "Email", "Telefono 1", "Telefono 2", "Direccion", "Valor total"]);
  const expectedTotal = `USD ${(tour.precio * 2 + tour.precio * 0.6).toFixed(2)}`;
  const paidRow = page.getByRole("row").filter({ hasText: "Pagada" }).first();
  await expect(paidRow.getByTestId("estado-pago")).toHaveText("Pago");
  await expect(paidRow.getByTestId("estado-pago")).toHaveClass(/MuiChip-colorSuccess/);
  await expect(paidRow).toContainText(expectedTotal);
  await expect(paidRow).toContainText("3007654321");
  const unpaidRow = page.getByRole("row").filter({ hasText: "Pendiente" }).first();
  await expect(unpaidRow.getByTestId("estado-pago")).toHaveText("Sin pago");
  await expect(unpaidRow.getByTestId("estado-pago")).toHaveClass(/MuiChip-colorError/);
  expect(unpaid).not.toBe(paid.token);

  await paidRow.getByRole("button", { name: "Detalle" }).click();
  const dialog = page.getByRole("dialog");
  const line = dialog.getByTestId("linea-pedido");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(expectedTotal);
  await expect(line).toContainText(tour.nombre);
  await expect(line.getByRole("link", { name: "ver tour" })).toHaveAttribute("href", `/actividades/detalle/local/${tour.id}`);
});
