import { expect, test, type Page } from "../support/test";
import { API_URL, SIM_URL } from "../support/env";
import { expectColumns } from "../support/panel-lists";
import { staffHeaders } from "../support/staff";
import { createOrder, createTestTour, paidOrder, soonDate } from "../support/tours";

/*
 * The panel's Pedidos screen against the real API at 1366×900 (issue 22): each order's true state (Pendiente,
 * Pagado, Reembolsado, Parcialmente reembolsado; never "Sin pago" for money that came and went back), who bought,
 * which tours and dates, the total, a state filter, and the detail with Spanish dates, the storefront's traveller
 * labels and what the buyer wrote.
 */

test.use({ viewport: { width: 1366, height: 900 } });

const stamp = Date.now().toString(36);

/** The page never scrolls sideways, nor does the list's table inside its card. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => {
    const wrapper = document.querySelector(".RaDatagrid-tableWrapper");
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      table: wrapper ? [wrapper.scrollWidth, wrapper.clientWidth] : [0, 0],
    };
  });
  expect(widths.page[0]).toBeLessThanOrEqual(widths.page[1]!);
  expect(widths.table[0]).toBeLessThanOrEqual(widths.table[1]!);
}

test("orders show their true state, buyer, tours and dates within 1366 px; the filter and the detail agree", async ({ page, request, signIn }) => {
  const nombre = `Pedidos ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 40, hora: "19:30", precio: "50" });
  const second = await createTestTour(request, { nombre: `${nombre} bis`, cupo: 40, hora: "19:30", precio: "20" });
  const fecha = soonDate(6);
  const otra = soonDate(7);
  const [y, m, d] = fecha.split("-");
  const fechaPanel = `${d}/${m}/${y} 19:30`;
  const buyer = { nombre: "Ana", telefonoRespaldo: "3007654321", direccion: "Calle 1 # 2-3", nit: "900123456" };
  const comentario = "Viajamos con una niña de 8 años.";
  const paid = await paidOrder(request, SIM_URL, [{ tourId, fecha, hora: "19:30", adults: 2, children: 1 }], `pagado.${stamp}@e2e.test`, {
    ...buyer,
    apellido: `Pagada${stamp}`,
    comentario,
  });
  const refunded = await paidOrder(request, SIM_URL, [{ tourId, fecha, hora: "19:30", adults: 1 }], `reemb.${stamp}@e2e.test`, {
    ...buyer,
    apellido: `Reembolsada${stamp}`,
  });
  const partly = await paidOrder(
    request,
    SIM_URL,
    [
      { tourId, fecha, hora: "19:30", adults: 1 },
      { tourId: second.tourId, fecha: otra, hora: "19:30", adults: 1 },
    ],
    `parcial.${stamp}@e2e.test`,
    { ...buyer, apellido: `Parcial${stamp}` },
  );
  await createOrder(request, [{ tourId, fecha, hora: "19:30", adults: 1 }], `pendiente.${stamp}@e2e.test`, { ...buyer, apellido: `Pendiente${stamp}` });
  const headers = await staffHeaders();
  const whole = await request.post(`${API_URL}/api/compra/reembolsar/${refunded.orderId}`, { headers, data: {} });
  expect(whole.ok(), await whole.text()).toBe(true);
  const detail = (await (await request.get(`${API_URL}/api/compra/find/${partly.orderId}`, { headers })).json()) as { succes: Array<{ id: number }> };
  const one = await request.post(`${API_URL}/api/compra/reembolsar/${partly.orderId}`, { headers, data: { linea: detail.succes[1]!.id } });
  expect(one.ok(), await one.text()).toBe(true);

  await signIn("/panel/pedidos");
  await expectColumns(page, ["Referencia", "Comprador", "Tours y fechas", "Estado", "Valor total", "Detalle"]);
  const rowOf = (apellido: string) => page.getByRole("row").filter({ hasText: `${apellido}${stamp}` });
  await expect(rowOf("Pagada").getByTestId("estado-pedido")).toHaveText("Pagado");
  await expect(rowOf("Reembolsada").getByTestId("estado-pedido")).toHaveText("Reembolsado");
  await expect(rowOf("Parcial").getByTestId("estado-pedido")).toHaveText("Parcialmente reembolsado");
  await expect(rowOf("Pendiente").getByTestId("estado-pedido")).toHaveText("Pendiente");
  await expect(page.locator("table")).not.toContainText("Sin pago");
  const paidRow = rowOf("Pagada");
  await expect(paidRow).toContainText(paid.referencia);
  await expect(paidRow).toContainText(`pagado.${stamp}@e2e.test`);
  await expect(paidRow.getByTestId("pedido-tours")).toHaveText(`${nombre} · ${fechaPanel}`);
  await expect(paidRow).toContainText("USD 130.00");

  // everything within 1366 px: no sideways scroll, the last column on screen, the search box's hint whole
  await expectNoSidewaysScroll(page);
  const detalle = paidRow.getByRole("button", { name: "Detalle" });
  const box = (await detalle.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  const search = page.getByPlaceholder("Buscar pedido o referencia");
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
  expect(fits).toBe(true);

  // the state filter is the API's: only refunded orders
  await page.getByRole("combobox", { name: "Estado" }).click();
  await page.getByRole("option", { name: "Reembolsado", exact: true }).click();
  await expect(page).toHaveURL(/situacion/);
  await expect(rowOf("Reembolsada")).toHaveCount(1);
  await expect(rowOf("Pagada")).toHaveCount(0);
  await expect(page.getByTestId("estado-pedido").filter({ hasNotText: /^Reembolsado$/ })).toHaveCount(0);

  await page.getByRole("combobox", { name: "Estado" }).click();
  await page.getByRole("option", { name: "Pagado", exact: true }).click();
  await expect(rowOf("Pagada")).toHaveCount(1);
  await rowOf("Pagada").getByRole("button", { name: "Detalle" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("estado-pedido")).toHaveText("Pagado");
  await expect(dialog.getByTestId("pedido-comentario")).toHaveText(comentario);
  await expect(dialog.getByRole("columnheader", { name: "Menores de 4 años" })).toBeVisible();
  await expect(dialog.getByRole("columnheader", { name: "Menores de 3" })).toHaveCount(0);
  const line = dialog.getByTestId("linea-pedido");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(fechaPanel);
  await expect(line).toContainText(nombre);
  await expect(line).toContainText("USD 130.00");
  await expect(line.getByRole("link", { name: "ver tour" })).toHaveAttribute("href", `/actividades/detalle/local/${tourId}`);
  await expect(dialog.getByTestId("pedido-contacto")).toContainText("3007654321");
  // the lines fit the dialog at 1366 px: no sideways scroll inside it
  const lines = dialog.getByRole("table", { name: "Lineas del pedido" });
  const [scroll, room] = await lines.evaluate((table) => [table.parentElement!.scrollWidth, table.parentElement!.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(room!);
});
