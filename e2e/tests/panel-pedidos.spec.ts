import { expect, test } from "../support/test";
import { SIM_URL } from "../support/env";
import { expectColumns } from "../support/panel-lists";
import { apiJson } from "../support/api";

/*
 * The panel's Pedidos screen against the real API: a paid and an unpaid order, and an order's lines.
 */

test("a paid order shows as Pago with its lines; an unpaid one as Sin pago", async ({ page, signIn }) => {
  // A demo tour with a schedule slot, and the first date at least a week ahead on one of the slot's weekdays.
  const tours = (await apiJson<{ succes: { id: number; nombre: string; precio: number }[] }>("/api/tour/index")).succes;
  const weekdays = ["domingo", "lunes", "martes", "miercoles", "jueves", "viernes", "sabado"] as const;
  let tour: (typeof tours)[number] | undefined;
  let dia = "";
  for (const candidate of tours) {
    const slots = (
      await apiJson<{ succes: (Record<(typeof weekdays)[number], boolean> & { hora_inicio: string })[] }>(
        `/api/tour/horario/find/${candidate.id}`,
      )
    ).succes;
    const slot = slots[0];
    if (!slot) continue;
    for (let ahead = 7; ahead < 14 && !dia; ahead++) {
      const day = new Date(Date.now() + ahead * 86_400_000);
      if (!slot[weekdays[day.getUTCDay()]!]) continue;
      dia = `${String(day.getUTCMonth() + 1).padStart(2, "0")}/${String(day.getUTCDate()).padStart(2, "0")}/${day.getUTCFullYear()}-${slot.hora_inicio.slice(0, 5)}`;
    }
    if (dia) {
      tour = candidate;
      break;
    }
  }
  if (!tour) throw new Error("the demo seed has no tour with a schedule slot");
  const order = (email: string) =>
    apiJson<{ succes: { id: string; links: { href: string; rel: string }[] } }>("/api/compra/create", {
      method: "POST",
      body: JSON.stringify({
        pedidos: [
          { tour_id: tour.id, nombre: tour.nombre, dia, precio: tour.precio, imagen: "", mayores_15: 2, de_4_15: 1, menores_3: 0, mascotas: 0, precio_total: 0 },
        ],
        nombre: "Ana",
        apellido: email.startsWith("pagado") ? "Pagada" : "Pendiente",
        email,
        telefono: "3001234567",
        telefonoRespaldo: "3007654321",
        direccion: "Calle 1 # 2-3",
        comentario: "",
        nit: "900123456",
        valor_total: 0,
      }),
    });
  const paid = await order(`pagado.${Date.now()}@e2e.test`);
  const unpaid = await order(`pendiente.${Date.now()}@e2e.test`);
  // Approve on the payment simulator, then confirm as the storefront's /pay/ok does.
  const approve = await fetch(`${SIM_URL}/checkoutnow/approve`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: paid.succes.id }).toString(),
    redirect: "manual",
  });
  expect(approve.status).toBeGreaterThanOrEqual(300);
  await apiJson("/api/compra/confirma", { method: "POST", body: JSON.stringify({ token: paid.succes.id }) });

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
  expect(unpaid.succes.id).not.toBe(paid.succes.id);

  await paidRow.getByRole("button", { name: "Detalle" }).click();
  const dialog = page.getByRole("dialog");
  const line = dialog.getByTestId("linea-pedido");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(expectedTotal);
  await expect(line).toContainText(tour.nombre);
  await expect(line.getByRole("link", { name: "ver tour" })).toHaveAttribute("href", `/actividades/detalle/local/${tour.id}`);
});
