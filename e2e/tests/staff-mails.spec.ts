import { expect, test } from "../support/test";
import { ADMIN, API_URL, SIM_URL } from "../support/env";
import { waitForMail } from "../support/mail";
import { staffHeaders } from "../support/staff";
import { createTestTour, paidOrder, soonDate } from "../support/tours";

/*
 * Nothing the buyer wrote is lost (issue 22): the checkout comment reaches the staff e-mail of a new order, the
 * manifest's data and the order detail; a buyer's own cancellation in Mi reserva sends staff an e-mail, once.
 * Staff's address is ADMIN_EMAIL (STAFF_EMAIL unset in the harness).
 */

const stamp = Date.now().toString(36);

test("the buyer's comment reaches staff, the manifest and the detail; a buyer's cancellation e-mails staff", async ({ page, request, signIn }) => {
  const nombre = `Comentario ${stamp}`;
  const otro = `Otro tour ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 10 });
  const second = await createTestTour(request, { nombre: otro, cupo: 10 });
  const fecha = soonDate(5);
  const email = `comentario-${stamp}@example.com`;
  const comentario = "Viajamos con una niña de 8 años.";
  const { orderId, referencia } = await paidOrder(
    request,
    SIM_URL,
    [
      { tourId, fecha, hora: "10:00", adults: 2 },
      { tourId: second.tourId, fecha, hora: "10:00", adults: 1 },
    ],
    email,
    { comentario },
  );

  const nuevo = await waitForMail(ADMIN.email, new RegExp(`^Nuevo pedido ${referencia} `));
  expect(nuevo.text).toContain(`Escribió: ${comentario}`);
  expect(nuevo.text).toContain("Estado del pedido: Pagado");

  // the manifest's data carries it for the guide
  const manifest = await request.get(`${API_URL}/api/salidas/manifiesto/${tourId}-${fecha.replaceAll("-", "")}-1000`, { headers: await staffHeaders() });
  expect(manifest.ok()).toBe(true);
  const pedidos = ((await manifest.json()) as { succes: { pedidos: Array<{ pedido: number; comentario?: string }> } }).succes.pedidos;
  expect(pedidos.find((p) => p.pedido === orderId)?.comentario).toBe(comentario);

  // the buyer cancels one tour in Mi reserva (the link of their e-mail), with JavaScript
  const confirmation = await waitForMail(email, new RegExp(`^Tu reserva ${referencia} está confirmada$`));
  const link = /(https?:\/\/\S+\/mi-reserva\?\S+)/.exec(confirmation.text)![1]!;
  await page.goto(link);
  const line = page.getByTestId("reserva-linea").filter({ hasText: nombre });
  await line.getByTestId("cancelar-linea").click();
  await page.getByTestId("confirmar-cancelacion").getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(page.getByTestId("reserva-linea").filter({ hasText: nombre }).getByTestId("linea-estado")).toHaveText("Cancelada");

  const aviso = await waitForMail(ADMIN.email, new RegExp(`^El cliente canceló en la reserva ${referencia}$`));
  expect(aviso.text).toContain(nombre);
  expect(aviso.text).toContain(`Escribió: ${comentario}`);
  expect(aviso.text).toContain("Estado del pedido: Parcialmente reembolsado");
  expect(aviso.text).toContain(`Sigue en pie: ${otro}`);

  // the order's detail in the panel: the comment, the state, and the staff notice among its e-mails
  await signIn(`/panel/pedidos?filter=${encodeURIComponent(JSON.stringify({ q: referencia }))}`);
  await page.locator("tbody tr").filter({ hasText: referencia }).getByRole("button", { name: "Detalle" }).click();
  const dialog = page.getByRole("dialog", { name: /Detalle del pedido/ });
  await expect(dialog.getByTestId("pedido-comentario")).toHaveText(comentario);
  await expect(dialog.getByTestId("estado-pedido")).toHaveText("Parcialmente reembolsado");
  await expect(dialog.getByTestId("correo").filter({ hasText: "Aviso al equipo" })).toHaveCount(1);
});
