import { expect, test } from "../support/test";
import { SIM_URL } from "../support/env";
import { waitForMail } from "../support/mail";
import { createTestTour, holdPlaces, ordersOf, paidBooking, soonDate } from "../support/tours";

/*
 * Issue 22: a whole departure cancelled from Salidas (weather, a guide ill) with a reason. It closes, every paid
 * booking is refunded through PayPal and e-mailed once, the unpaid hold is released. (That it resumes after the
 * API dies mid-way: packages/api/test/salida-cancelada.test.ts.)
 */

const stamp = Date.now().toString(36);

test("Cancelar salida: closed, each paid booking refunded and e-mailed, the hold released", async ({ page, request, signIn }) => {
  const nombre = `Cancelada por clima ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 20 });
  const fecha = soonDate(5);
  const buyers = [0, 1, 2].map((i) => `clima-${i}-${stamp}@example.com`);
  for (const email of buyers) await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 2, email });
  const held = `clima-retenida-${stamp}@example.com`;
  await holdPlaces(request, tourId, fecha, "10:00", 1, held);

  await signIn(`/panel/salidas?filter=${encodeURIComponent(JSON.stringify({ tour_id: tourId, desde: fecha, hasta: fecha }))}`);
  const row = page.getByTestId("salida-fila").filter({ hasText: "10:00 hora de Bogotá" });
  await expect(row.getByTestId("salida-vendidos")).toHaveText("6 / 20");
  await expect(row.getByTestId("salida-retenidos")).toHaveText("1");
  await row.getByRole("button", { name: /^Acciones de la salida/ }).click();
  await page.getByRole("menuitem", { name: "Cancelar salida" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancelar salida" });
  await expect(dialog).toContainText("Cada reserva pagada (6 personas) se reembolsa por PayPal y recibe un correo");
  // no reason, no cancellation
  await expect(dialog.getByRole("button", { name: "Cancelar salida" })).toBeDisabled();
  await dialog.getByLabel("Motivo").fill("Tormenta eléctrica en el cerro");
  await dialog.getByRole("button", { name: "Cancelar salida" }).click();
  await expect(page.locator('[data-testid="toast"]').filter({ hasText: "Salida cancelada: 3 reservas pagadas se reembolsan y se avisa por correo; 1 retención liberada" })).toHaveCount(1);
  await expect(row.getByTestId("estado-salida")).toHaveText("Cerrada");

  // the refunds run on the job queue, a moment later: each order refunded, each buyer told once
  for (const email of buyers) {
    await expect.poll(async () => (await ordersOf(request, email))[0]?.estado, { timeout: 30_000 }).toBe("reembolsado");
    const mail = await waitForMail(email, /^Cancelación de tu reserva/);
    expect(mail.text).toContain(nombre);
  }
  expect((await ordersOf(request, held))[0]?.estado).toBe("cancelado");
  await page.reload();
  await expect(row.getByTestId("salida-vendidos")).toHaveText("0 / 20");
  await expect(row.getByTestId("salida-retenidos")).toHaveText("0");
});
